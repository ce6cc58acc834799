import { useState } from 'react';
import { isObject, pathKey, type FieldPath, type Json, type JsonObject } from '../logic/json';
import { fieldElementId } from '../logic/problems';
import { descriptionParts, emptyValue, labelOf, type Field } from '../logic/schema-fields';
import { useFormContext, type Common } from './form-context';
import { MediaField } from './MediaField';
import { FieldProblems } from './ProblemText';

type FieldControlProps = {
  field: Field;
  path: FieldPath;
  value: Json | undefined;
  /** The object holding this field (a subcategory's select reads its category there). */
  parent: JsonObject | undefined;
  /** `undefined` removes an optional key. */
  onChange: (path: FieldPath, value: Json | undefined) => void;
  /** Overrides the label (a list's items are "Item 2"). */
  label?: string;
};

/** Strings typed that long, or over several lines, get a multi-line box whatever their key. */
const LONG_TEXT = 100;

/** The control of one field of a form, chosen by its schema; groups and lists hold more of them. */
export function FieldControl({ field, path, value, parent, onChange, label }: FieldControlProps) {
  const { problemsAt, options } = useFormContext();
  const id = fieldElementId(path);
  const descriptionId = `${id}-description`;
  const problemsId = `${id}-problems`;
  const problems = problemsAt.get(pathKey(path));
  const hasError = problems?.some((problem) => problem.severity === 'error');
  const describedBy = [field.description ? descriptionId : '', problems?.length ? problemsId : ''].filter(Boolean).join(' ') || undefined;
  const shownLabel = label ?? labelOf(field.name);
  const control = field.control;
  /** Empty optional values are left out of the file rather than written empty. */
  const set = (next: Json | undefined) => onChange(path, !field.required && (next === '' || next === undefined) ? undefined : next);

  const description = field.description && (
    <p id={descriptionId} className="field-description">
      {descriptionParts(field.description).map((part, index) => (part.code ? <code key={index}>{part.text}</code> : part.text))}
    </p>
  );
  const common = { id, 'aria-describedby': describedBy, 'aria-invalid': hasError || undefined, required: field.required };

  if (control.kind === 'group' || control.kind === 'list') {
    return (
      <fieldset id={id} className={`field-${control.kind}`} aria-describedby={describedBy} tabIndex={-1}>
        <legend>
          {shownLabel}
          {!field.required && <span className="field-optional"> (optional)</span>}
        </legend>
        {description}
        <FieldProblems id={problemsId} problems={problems} />
        {control.kind === 'group' ? (
          <GroupFields field={field} path={path} value={value} onChange={onChange} set={set} />
        ) : (
          <ListItems field={field} path={path} value={value} onChange={onChange} set={set} label={shownLabel} />
        )}
      </fieldset>
    );
  }

  let input;
  switch (control.kind) {
    case 'checkbox':
      return (
        <div className="field field-checkbox">
          <input type="checkbox" {...common} required={false} checked={value === true} onChange={(event) => set(event.target.checked ? true : field.required ? false : undefined)} />
          <label htmlFor={id}>{shownLabel}</label>
          {description}
          <FieldProblems id={problemsId} problems={problems} />
        </div>
      );
    case 'number':
      input = (
        <input
          type="number"
          inputMode={control.integer ? 'numeric' : 'decimal'}
          step={control.integer ? 1 : 'any'}
          min={control.minimum}
          max={control.maximum}
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(event) => set(event.target.value === '' ? (field.required ? 0 : undefined) : Number(event.target.value))}
        />
      );
      break;
    case 'choice':
      input = (
        <select {...common} value={typeof value === 'string' ? value : ''} onChange={(event) => set(event.target.value)}>
          {(!field.required || typeof value !== 'string') && <option value="">(none)</option>}
          {control.options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      );
      break;
    case 'category':
    case 'subcategory': {
      const choices =
        control.kind === 'category'
          ? options.categories.map((category) => ({ value: category.name, text: category.title ?? category.name }))
          : (options.categories.find((category) => category.name === parent?.category)?.subcategories ?? []).map((name) => ({ value: name, text: name }));
      const current = typeof value === 'string' ? value : '';
      input = (
        <select {...common} value={current} onChange={(event) => set(event.target.value)}>
          <option value="">(choose)</option>
          {/* A value the catalogue does not know stays visible, for the check to name. */}
          {current && !choices.some((choice) => choice.value === current) && <option value={current}>{current} (unknown)</option>}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.text}
            </option>
          ))}
        </select>
      );
      break;
    }
    case 'media':
      input = <MediaField media={control.media} common={common} label={shownLabel} value={typeof value === 'string' ? value : ''} onChange={set} />;
      break;
    case 'json':
      input = <JsonText common={common} value={value} onChange={set} />;
      break;
    case 'text': {
      const text = typeof value === 'string' ? value : '';
      input =
        control.multiline || text.includes('\n') || text.length > LONG_TEXT ? (
          <textarea rows={5} {...common} value={text} onChange={(event) => set(event.target.value)} />
        ) : (
          <input type="text" {...common} value={text} onChange={(event) => set(event.target.value)} />
        );
      break;
    }
  }
  return (
    <div className="field">
      <label htmlFor={id}>
        {shownLabel}
        {!field.required && <span className="field-optional"> (optional)</span>}
      </label>
      {description}
      {input}
      <FieldProblems id={problemsId} problems={problems} />
    </div>
  );
}

type PartProps = {
  field: Field;
  path: FieldPath;
  value: Json | undefined;
  onChange: (path: FieldPath, value: Json | undefined) => void;
  set: (value: Json | undefined) => void;
};

function GroupFields({ field, path, value, onChange, set }: PartProps) {
  if (field.control.kind !== 'group') return null;
  const fields = field.control.fields;
  if (!isObject(value)) {
    return (
      <button type="button" className="button" onClick={() => set(emptyValue({ ...field, required: true }))}>
        Add {labelOf(field.name).toLowerCase()}
      </button>
    );
  }
  return (
    <>
      {fields.map((inner) => (
        <FieldControl key={inner.name} field={inner} path={[...path, inner.name]} value={value[inner.name]} parent={value} onChange={onChange} />
      ))}
      {!field.required && path.length > 0 && typeof path[path.length - 1] === 'string' && (
        <button type="button" className="button button-quiet" onClick={() => set(undefined)}>
          Remove {labelOf(field.name).toLowerCase()}
        </button>
      )}
    </>
  );
}

/** ": Home", what a list item is called by its own label, title, name or id, if any. */
function itemName(value: Json): string {
  if (!isObject(value)) return '';
  const name = ['label', 'title', 'name', 'id', 'word'].map((key) => value[key]).find((found) => typeof found === 'string' || typeof found === 'number');
  return name === undefined || name === '' ? '' : `: ${name}`;
}

/** Moves focus to an element once React has drawn it (a moved item's button, the add button). */
const focusSoon = (selector: string) => requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());

/** Focuses a field of the form: its input, or the first input of a group or list. */
export function focusField(path: FieldPath) {
  const target = document.getElementById(fieldElementId(path));
  const input = target?.matches('input, textarea, select') ? target : target?.querySelector<HTMLElement>('input, textarea, select');
  (input ?? target)?.focus();
  (target ?? input)?.scrollIntoView({ block: 'center' });
}

function ListItems({ field, path, value, set, onChange, label }: PartProps & { label: string }) {
  if (field.control.kind !== 'list') return null;
  const item = field.control.item;
  const items = Array.isArray(value) ? value : [];
  const id = fieldElementId(path);
  const replace = (next: Json[]) => set(next.length === 0 && !field.required ? undefined : next);
  const move = (from: number, to: number, button: 'up' | 'down') => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved as Json);
    replace(next);
    // Keep the focus on the moved item's button while it can move further, else its other one.
    const canGoOn = button === 'up' ? to > 0 : to < items.length - 1;
    focusSoon(`#${CSS.escape(`${id}-${to}-${canGoOn ? button : button === 'up' ? 'down' : 'up'}`)}`);
  };
  return (
    <>
      {items.length === 0 && <p className="field-description">None yet.</p>}
      <ol className="list-items">
        {items.map((itemValue, index) => {
          const itemLabel = `${label} ${index + 1}${itemName(itemValue)}`;
          return (
            <li key={index} className="list-item">
              <FieldControl field={item} path={[...path, index]} value={itemValue} parent={undefined} onChange={onChange} label={itemLabel} />
              <div className="list-item-actions">
                <button type="button" className="button button-small" id={`${id}-${index}-up`} disabled={index === 0} onClick={() => move(index, index - 1, 'up')} aria-label={`Move ${itemLabel} up`}>
                  Up
                </button>
                <button
                  type="button"
                  className="button button-small"
                  id={`${id}-${index}-down`}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1, 'down')}
                  aria-label={`Move ${itemLabel} down`}
                >
                  Down
                </button>
                <button
                  type="button"
                  className="button button-small button-danger"
                  onClick={() => {
                    replace(items.filter((_, at) => at !== index));
                    focusSoon(`#${CSS.escape(`${id}-add`)}`);
                  }}
                  aria-label={`Remove ${itemLabel}`}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button"
        id={`${id}-add`}
        onClick={() => {
          replace([...items, emptyValue(item)]);
          requestAnimationFrame(() => focusField([...path, items.length]));
        }}
      >
        Add to {label.toLowerCase()}
      </button>
    </>
  );
}

/** A value no control fits, as JSON text: parsed when the box is left, kept as typed while it does not parse. */
function JsonText({ common, value, onChange }: { common: Common; value: Json | undefined; onChange: (value: Json | undefined) => void }) {
  const [text, setText] = useState(() => (value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [error, setError] = useState('');
  return (
    <>
      <textarea
        rows={6}
        className="json-text"
        {...common}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          try {
            onChange(text.trim() === '' ? undefined : (JSON.parse(text) as Json));
            setError('');
          } catch {
            setError('This is not valid JSON; it is kept as typed and not saved.');
          }
        }}
      />
      {error && <p className="field-local-error">{error}</p>}
    </>
  );
}
