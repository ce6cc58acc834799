import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Category, EntryId, EntryList as EntryListData, SetChange } from '../logic/api-types';
import { bulkChanges } from '../logic/changes';
import { filterEntries, searchable } from '../logic/filter';

type EntryListProps = {
  title: string;
  list: EntryListData;
  categories: Category[];
  open: EntryId | 'new' | null;
  onOpen: (id: EntryId) => void;
  onAdd: () => void;
  /** Opens the form of the file's keys beside its entries, when it has any. */
  onSettings?: () => void;
  /** Saves the changes of a bulk edit; resolves true when they were written. */
  onBulk: (changes: SetChange[]) => Promise<boolean>;
};

const ROW_HEIGHT = 44;

/**
 * The entries of a file (10,000 products and more): filtered as one types, drawn only as
 * far as they show (virtualised), used from the keyboard (arrows move between rows, Space
 * selects, Enter opens), and several selected at once for a bulk edit.
 */
export function EntryList({ title, list, categories, open, onOpen, onAdd, onSettings, onBulk }: EntryListProps) {
  const headingId = useId();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<EntryId>>(new Set());
  const prepared = useMemo(() => searchable(list.entries), [list.entries]);
  const deferredQuery = useDeferredValue(query);
  const shown = useMemo(() => filterEntries(prepared, deferredQuery, category), [prepared, deferredQuery, category]);
  const hasCategories = list.entries.some((entry) => entry.category !== undefined);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualiser's functions change with every scroll; nothing here memoises them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  const toggle = (id: EntryId) =>
    setSelected((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /** Arrow keys move to the same control of the row above or below, scrolling it into view. */
  const moveFocus = (event: KeyboardEvent<HTMLElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!row) return;
    const index = Number(row.dataset.index);
    const to = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: shown.length - 1, PageDown: index + 10, PageUp: index - 10 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const target = Math.max(0, Math.min(shown.length - 1, to));
    const part = (event.target as HTMLElement).dataset.part ?? 'open';
    virtualizer.scrollToIndex(target);
    const focus = (tries: number) =>
      requestAnimationFrame(() => {
        const element = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${target}"] [data-part="${part}"]`);
        if (element) element.focus();
        else if (tries > 0) focus(tries - 1);
      });
    focus(5);
  };

  const selectedEntries = list.entries.filter((entry) => selected.has(entry.id));
  const allShownSelected = shown.length > 0 && shown.every((entry) => selected.has(entry.id));

  return (
    <section className="entry-list" aria-labelledby={headingId}>
      <div className="entry-list-top">
        <h2 id={headingId}>{title}</h2>
        <div className="entry-list-actions">
          {onSettings && (
            <button type="button" className="button" onClick={onSettings}>
              Settings of the file
            </button>
          )}
          <button type="button" className="button button-primary" onClick={onAdd}>
            Add
          </button>
        </div>
      </div>
      <div className="entry-list-filters">
        <label htmlFor={`${headingId}-filter`}>Filter</label>
        <input id={`${headingId}-filter`} type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Words of the title, or the id" />
        {hasCategories && (
          <>
            <label htmlFor={`${headingId}-category`}>Category</label>
            <select id={`${headingId}-category`} value={category} onChange={(event) => setCategory(event.target.value)}>
              <option value="">All categories</option>
              {categories.map((option) => (
                <option key={option.name} value={option.name}>
                  {option.title ?? option.name}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      <div className="entry-list-count">
        <p role="status">
          {shown.length === list.entries.length ? `${list.entries.length} entries` : `${shown.length} of ${list.entries.length} entries`}
          {selected.size > 0 && `, ${selected.size} selected`}
        </p>
        <button
          type="button"
          className="button button-small"
          onClick={() =>
            setSelected((before) => {
              const next = new Set(before);
              for (const entry of shown) {
                if (allShownSelected) next.delete(entry.id);
                else next.add(entry.id);
              }
              return next;
            })
          }
        >
          {allShownSelected ? 'Unselect these' : 'Select these'}
        </button>
      </div>
      {selected.size > 0 && hasCategories && (
        <BulkEdit
          count={selected.size}
          categories={categories}
          onApply={async (values) => {
            if (await onBulk(bulkChanges(selectedEntries, values))) setSelected(new Set());
          }}
          onClear={() => setSelected(new Set())}
        />
      )}
      <div ref={scrollRef} className="entry-list-scroll">
        <ul
          className="entry-rows"
          aria-label={`${title}: ${shown.length} shown`}
          // While the rows still show the previous filter's result.
          aria-busy={query !== deferredQuery || undefined}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((row) => {
            const entry = shown[row.index];
            if (!entry) return null;
            const label = `${entry.id} ${entry.title}`;
            return (
              <li
                key={String(entry.id)}
                data-index={row.index}
                className={`entry-row${open !== null && String(open) === String(entry.id) ? ' entry-row-open' : ''}`}
                style={{ transform: `translateY(${row.start}px)`, height: ROW_HEIGHT }}
                aria-setsize={shown.length}
                aria-posinset={row.index + 1}
                onKeyDown={moveFocus}
              >
                <input type="checkbox" data-part="select" aria-label={`Select ${label}`} checked={selected.has(entry.id)} onChange={() => toggle(entry.id)} />
                <button
                  type="button"
                  data-part="open"
                  className="entry-open"
                  aria-current={open !== null && String(open) === String(entry.id) ? 'true' : undefined}
                  onClick={() => onOpen(entry.id)}
                >
                  <span className="entry-id">{entry.id}</span> <span className="entry-title">{entry.title}</span>
                  {entry.category !== undefined && <span className="entry-category">{entry.category}</span>}
                  {entry.draft && <span className="entry-draft">draft</span>}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

type BulkValues = Partial<Record<'category' | 'subcategory' | 'draft', string | boolean | null>>;

function BulkEdit({ count, categories, onApply, onClear }: { count: number; categories: Category[]; onApply: (values: BulkValues) => Promise<void>; onClear: () => void }) {
  const [category, setCategory] = useState('');
  const [subcategory, setSubcategory] = useState('');
  const [draft, setDraft] = useState<'' | 'yes' | 'no'>('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const subcategories = categories.find((option) => option.name === category)?.subcategories ?? [];
  const values: BulkValues = {
    ...(category ? { category } : {}),
    ...(subcategory ? { subcategory } : {}),
    ...(draft ? { draft: draft === 'yes' ? true : null } : {}),
  };
  return (
    <fieldset className="bulk-edit">
      <legend>Change the {count} selected together</legend>
      <label htmlFor={`${id}-category`}>Category</label>
      <select
        id={`${id}-category`}
        value={category}
        onChange={(event) => {
          setCategory(event.target.value);
          setSubcategory('');
        }}
      >
        <option value="">(keep)</option>
        {categories.map((option) => (
          <option key={option.name} value={option.name}>
            {option.title ?? option.name}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-subcategory`}>Subcategory</label>
      <select id={`${id}-subcategory`} value={subcategory} onChange={(event) => setSubcategory(event.target.value)} disabled={!category}>
        <option value="">(keep)</option>
        {subcategories.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </select>
      <label htmlFor={`${id}-draft`}>Draft</label>
      <select id={`${id}-draft`} value={draft} onChange={(event) => setDraft(event.target.value as '' | 'yes' | 'no')}>
        <option value="">(keep)</option>
        <option value="yes">Yes: hide from the built site</option>
        <option value="no">No: publish</option>
      </select>
      <div className="bulk-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={busy || Object.keys(values).length === 0}
          onClick={async () => {
            setBusy(true);
            await onApply(values);
            setBusy(false);
          }}
        >
          Save for {count} selected
        </button>
        <button type="button" className="button" onClick={onClear}>
          Clear the selection
        </button>
      </div>
    </fieldset>
  );
}
