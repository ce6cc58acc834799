import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { api } from '../logic/api';
import type { Change, ContentFile, EntryId, Problem } from '../logic/api-types';
import { changesBetween } from '../logic/changes';
import { deepEqual, setIn, type FieldPath, type Json, type JsonObject } from '../logic/json';
import { placeProblems } from '../logic/problems';
import { entrySchema, fieldsOf, settingsSchema, shownFieldKeys } from '../logic/schema-fields';
import { breakProblems, ruleBreaks } from '../logic/schema-rules';
import { FieldControl, focusField } from './FieldControl';
import { FormContext, type FormContextValue } from './form-context';
import { EntryHistory } from './EntryHistory';
import { ProblemText } from './ProblemText';

type Loaded = { value: JsonObject | null; route: string | null };

type EntryEditorProps = {
  file: ContentFile;
  /**
   * The entry of an entries file ('new' for one not saved yet); undefined for a document,
   * or for the keys of an entries file beside its table (then `settings` is true).
   */
  entry: EntryId | 'new' | undefined;
  settings?: boolean;
  /** What a new entry starts as (empty, or a copy of the one duplicated). */
  newValue: JsonObject | null;
  /** A number that changes when the value must be read again (after an undo, say). */
  reloadKey: number;
  formContext: Omit<FormContextValue, 'problemsAt'>;
  problems: readonly Problem[];
  /** The field to focus once the form is drawn (a problem's link from another form). */
  focusOnLoad: FieldPath | null;
  onFocused: () => void;
  onDirtyChange: (dirty: boolean) => void;
  /** Sends changes; resolves true once they were saved. */
  save: (changes: Change[]) => Promise<boolean>;
  onSavedNew: (id: EntryId) => void;
  onDuplicate: (value: JsonObject) => void;
  onDelete: (id: EntryId) => void;
  onRoute: (route: string | null) => void;
};

/** The form of one entry, or of a whole document file, generated from the file's schema. */
export function EntryEditor(props: EntryEditorProps) {
  const { file, entry, settings = false, newValue, reloadKey, formContext, problems, focusOnLoad, onFocused, onDirtyChange, save, onSavedNew, onDuplicate, onDelete, onRoute } = props;
  const headingId = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [edited, setEdited] = useState<JsonObject | null>(null);
  const [loadError, setLoadError] = useState('');
  const [busy, setBusy] = useState(false);
  const [reloads, setReloads] = useState(0);
  const opened = useRef(false);
  /** Whether the form holds unsaved edits, for a load that answers later. */
  const unsaved = useRef(false);
  /** The `reloadKey` of the value loaded last: a new one asks to replace the form's. */
  const replacedAt = useRef(reloadKey);

  const schema = useMemo(() => {
    if (file.kind !== 'entries' || !file.table) return file.schema;
    return settings ? (settingsSchema(file.schema, file.table) ?? file.schema) : entrySchema(file.schema, file.table);
  }, [file, settings]);
  const fields = useMemo(() => fieldsOf(schema), [schema]);

  useEffect(() => {
    let current = true;
    const load = async (): Promise<Loaded> => {
      if (entry === 'new') return { value: null, route: null };
      if (entry === undefined) {
        const document = await api.file(file.path);
        // The settings of an entries file leave its table (10,000 products) out of the form.
        const value = settings && file.table ? Object.fromEntries(Object.entries(document.value).filter(([key]) => key !== file.table)) : document.value;
        // A file of no page of its own (the navigation, the site's settings) shows on every page.
        return { value, route: document.route ?? '/' };
      }
      return api.entry(file.path, entry);
    };
    load().then(
      (answer) => {
        if (!current) return;
        setLoadError('');
        // On a phone the form is under the list: bring it into view once it opens.
        if (!opened.current && matchMedia('(max-width: 768px)').matches) {
          requestAnimationFrame(() => document.getElementById(headingId)?.scrollIntoView({ block: 'start' }));
        }
        opened.current = true;
        onRoute(answer.route);
        // Reading the value again (after a save, or the file changed) keeps unsaved edits, and
        // the value they were made against, which the save's check of each value compares with.
        // Only a reload asked for (an undo, a conflict settled) replaces them.
        const asked = replacedAt.current !== reloadKey;
        replacedAt.current = reloadKey;
        if (unsaved.current && !asked) return;
        setLoaded(answer);
        setEdited(entry === 'new' ? newValue : answer.value);
      },
      (error: Error) => current && setLoadError(error.message),
    );
    return () => {
      current = false;
    };
    // newValue and onRoute change with the entry they belong to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file.path, file.revision, entry, settings, reloadKey, reloads]);

  const isNew = entry === 'new';
  const dirty = edited !== null && loaded !== null && (isNew || !deepEqual(loaded.value, edited));
  useEffect(() => {
    unsaved.current = dirty;
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);

  const shown = useMemo(() => shownFieldKeys(fields, edited ?? {}), [fields, edited]);
  const entryId = entry === 'new' || entry === undefined ? undefined : entry;
  const ownProblems = useMemo(() => (settings ? problems.filter((problem) => problem.entry === null) : problems), [problems, settings]);
  const placedEntry = isNew ? (edited?.id as EntryId | undefined) : entryId;
  const breaks = useMemo(() => ruleBreaks(fields, edited ?? {}), [fields, edited]);
  /** Whether a save was tried: from then on each text that breaks its schema's rules says so at its field. */
  const [saveTried, setSaveTried] = useState(false);
  const places = useMemo(() => {
    const found = saveTried ? [...ownProblems, ...breakProblems(breaks, file.path, placedEntry)] : ownProblems;
    return placeProblems(found, file.path, placedEntry, shown);
  }, [ownProblems, saveTried, breaks, file.path, placedEntry, shown]);
  const context = useMemo(() => ({ ...formContext, problemsAt: places.atField }), [formContext, places.atField]);

  useEffect(() => {
    if (focusOnLoad && edited) {
      requestAnimationFrame(() => focusField(focusOnLoad));
      onFocused();
    }
  }, [focusOnLoad, edited, onFocused]);

  if (loadError) return <p className="load-error" role="alert">{`This could not be opened: ${loadError}`}</p>;
  if (!loaded || !edited) return <p role="status">Opening…</p>;

  const changes = (): Change[] => (isNew ? [{ op: 'add', entry: edited }] : changesBetween(loaded.value, edited, entryId));
  const doSave = async () => {
    setSaveTried(true);
    // The site's check would refuse the save: it is not sent, and the first such field takes the keyboard.
    const first = breaks[0];
    if (first) {
      requestAnimationFrame(() => focusField(first.path));
      return;
    }
    setBusy(true);
    const saved = await save(changes());
    setBusy(false);
    if (!saved) return;
    if (isNew) return onSavedNew(edited.id as EntryId);
    // What was saved is what is on disk now; reading it back brings the new revision.
    setLoaded({ ...loaded, value: edited });
    setReloads((count) => count + 1);
  };

  const onChange = (path: FieldPath, value: Json | undefined) => {
    // Unsaved from this moment: a load that answers before the effect above has run
    // (the file changed on disk while typing) must keep the edit, not replace it.
    unsaved.current = true;
    setEdited((before) => setIn(before ?? {}, path, value) as JsonObject);
  };
  const name = entry === undefined ? (settings ? `${file.title}: settings of the file` : file.title) : isNew ? `New entry of ${file.title}` : `${file.title}: ${String(edited.title ?? edited.name ?? entry)}`;

  return (
    <FormContext.Provider value={context}>
      <form
        className="entry-form"
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          void doSave();
        }}
        onKeyDown={(event) => {
          if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
            event.preventDefault();
            void doSave();
          }
        }}
      >
        <div className="entry-form-top">
          <h2 id={headingId}>{name}</h2>
          <div className="entry-form-actions">
            <button type="submit" className="button button-primary" disabled={busy || !dirty}>
              {busy ? 'Saving…' : 'Save'}
            </button>
            {dirty && !isNew && (
              <button type="button" className="button" onClick={() => setEdited(loaded.value)}>
                Discard edits
              </button>
            )}
            {entryId !== undefined && (
              <>
                <button type="button" className="button" onClick={() => onDuplicate(edited)}>
                  Duplicate
                </button>
                <button type="button" className="button button-danger" onClick={() => onDelete(entryId)}>
                  Delete
                </button>
              </>
            )}
          </div>
          <p className="entry-form-state">{dirty ? 'Unsaved edits.' : 'No unsaved edits.'}</p>
        </div>
        {places.atForm.length > 0 && (
          <ul className="field-problems">
            {places.atForm.map((problem, index) => (
              <li key={index} className={`problem problem-${problem.severity}`}>
                <ProblemText problem={problem} />
              </li>
            ))}
          </ul>
        )}
        {fields.map((field) => (
          <FieldControl key={field.name} field={field} path={[field.name]} value={edited[field.name]} parent={edited} onChange={onChange} />
        ))}
        <div className="entry-form-bottom">
          <button type="submit" className="button button-primary" disabled={busy || !dirty}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
      {!isNew && !settings && <EntryHistory path={file.path} entry={entryId} onRestore={(value) => setEdited(value)} />}
    </FormContext.Provider>
  );
}
