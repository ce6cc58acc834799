import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Place, placeFromQuery, queryOfPlace } from '../logic/address';
import { api } from '../logic/api';
import type { Change, Conflict, ContentFile, EntryList as EntryListData, Options, Problem } from '../logic/api-types';
import { withDiskBases } from '../logic/changes';
import type { JsonObject } from '../logic/json';
import { emptyObject, entrySchema, fieldsOf, settingsSchema } from '../logic/schema-fields';
import { ConflictPanel } from './ConflictPanel';
import { EntryEditor } from './EntryEditor';
import { EntryList } from './EntryList';
import { focusField } from './FieldControl';
import { Preview } from './Preview';
import { ProblemList } from './ProblemList';
import { PublishView } from './PublishView';
import { Upload } from './Upload';

const LEAVE_QUESTION = 'You have unsaved edits. Leave them without saving?';

/** The heading of the site's warnings that a save did not cause, shown after the first save only. */
const otherWarningsTitle = (count: number) =>
  `${count === 1 ? '1 warning' : `${count} warnings`} elsewhere in the site, not from this save (shown once)`;

/** The editor: the content files, an entries file's list, the form of what is open, and its page. */
export function EditorApp() {
  const [files, setFiles] = useState<ContentFile[] | null>(null);
  const [options, setOptions] = useState<Options>({ categories: [], media: [] });
  const [failure, setFailure] = useState('');
  const [place, setPlace] = useState<Place>(() => placeFromQuery(location.search));
  const [newValue, setNewValue] = useState<JsonObject | null>(null);
  const [loadedList, setLoadedList] = useState<{ path: string; list: EntryListData } | null>(null);
  const [listVersion, setListVersion] = useState(0);
  const [reloadKey, setReloadKey] = useState(0);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [warnings, setWarnings] = useState<Problem[]>([]);
  const [otherWarnings, setOtherWarnings] = useState<Problem[]>([]);
  /** Whether the site's other warnings were shown once: later saves show only their own. */
  const otherWarningsShown = useRef(false);
  const [conflict, setConflict] = useState<{ file: string; changes: Change[]; conflicts: Conflict[] } | null>(null);
  const [status, setStatus] = useState('');
  const [savedFiles, setSavedFiles] = useState<ReadonlySet<string>>(new Set());
  const [route, setRoute] = useState<string | null>(null);
  const [focusOnLoad, setFocusOnLoad] = useState<Problem['field']>(null);
  const [publishing, setPublishing] = useState(false);
  const dirty = useRef(false);

  /** The files were changed by a publish (a colleague's values combined) or a colleague's values taken: read them again. */
  const filesChanged = useCallback(() => {
    api.files().then(setFiles, (error: Error) => setFailure(error.message));
    setListVersion((count) => count + 1);
    setReloadKey((count) => count + 1);
  }, []);

  const refreshOptions = useCallback(() => {
    api.options().then(setOptions, (error: Error) => setFailure(error.message));
  }, []);
  useEffect(() => {
    api.files().then(setFiles, (error: Error) => setFailure(error.message));
    refreshOptions();
  }, [refreshOptions]);

  const file = files?.find((candidate) => candidate.path === place.file) ?? null;

  const list = loadedList && loadedList.path === file?.path ? loadedList.list : null;

  useEffect(() => {
    if (file?.kind !== 'entries') return;
    let current = true;
    const path = file.path;
    api.entries(path).then(
      (answer) => current && setLoadedList({ path, list: answer }),
      (error: Error) => current && setFailure(error.message),
    );
    return () => {
      current = false;
    };
  }, [file?.kind, file?.path, listVersion]);

  // Leaving the page (reload, close, another address) with unsaved edits asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      event.preventDefault();
      event.returnValue = LEAVE_QUESTION;
    };
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, []);

  /** Opens another file or entry, asking first when that would leave unsaved edits. */
  const go = useCallback((next: Place, startWith: JsonObject | null = null, force = false): boolean => {
    if (!force && dirty.current && !window.confirm(LEAVE_QUESTION)) return false;
    dirty.current = false;
    setNewValue(startWith);
    setPlace(next);
    setRoute(null);
    history.replaceState(null, '', `${location.pathname}${queryOfPlace(next, location.search)}`);
    return true;
  }, []);

  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  /** Sends a save of `path`; shows what came back. Resolves true when it was saved. */
  const save = useCallback(
    async (path: string, changes: Change[]): Promise<boolean> => {
      if (changes.length === 0) {
        setStatus('Nothing to save: nothing was changed.');
        return false;
      }
      setStatus('Saving…');
      try {
        const result = await api.save(path, changes);
        if (result.status === 'refused') {
          setProblems(result.problems);
          setWarnings([]);
          setOtherWarnings([]);
          setStatus('Not saved: the file would have errors. Nothing was written; your edits are still here.');
          return false;
        }
        if (result.status === 'conflict') {
          setConflict({ file: path, changes, conflicts: result.conflicts });
          setStatus('Not saved: the file was changed by someone else meanwhile.');
          return false;
        }
        setProblems([]);
        setConflict(null);
        setWarnings(result.warnings);
        setOtherWarnings(otherWarningsShown.current ? [] : result.other_warnings);
        if (result.other_warnings.length > 0) otherWarningsShown.current = true;
        setSavedFiles((before) => new Set(before).add(path));
        setListVersion((count) => count + 1);
        setStatus(result.written ? `Saved ${path}.` : 'Nothing to save: the file already says so.');
        return true;
      } catch (error) {
        setStatus(`Not saved: ${(error as Error).message}`);
        return false;
      }
    },
    [],
  );

  const undo = async () => {
    if (!file || (dirty.current && !window.confirm(LEAVE_QUESTION))) return;
    try {
      const result = await api.undo(file.path);
      if (result.status === 'refused') {
        setProblems(result.problems);
        setStatus('Not undone: the file as it was would now have errors (another file changed since).');
        return;
      }
      setStatus(`The last save of ${file.path} is undone.`);
      setSavedFiles((before) => {
        const next = new Set(before);
        next.delete(file.path);
        return next;
      });
      setProblems([]);
      setListVersion((count) => count + 1);
      setReloadKey((count) => count + 1);
    } catch (error) {
      setStatus(`Not undone: ${(error as Error).message}`);
    }
  };

  const goToProblem = (problem: Problem) => {
    const sameForm = problem.file === file?.path && (file.kind === 'document' || String(problem.entry) === String(place.entry));
    if (sameForm) {
      if (problem.field) focusField(problem.field);
      return;
    }
    const target = files?.find((candidate) => candidate.path === problem.file);
    if (!target) return;
    if (go({ file: target.path, entry: target.kind === 'entries' ? problem.entry : null })) setFocusOnLoad(problem.field);
  };

  const formContext = useMemo(() => ({ options, refreshOptions }), [options, refreshOptions]);
  const onFocused = useCallback(() => setFocusOnLoad(null), []);
  const entryOfRoute = (path: string) => {
    const found = list?.entries.find((entry) => entry.route === path);
    return found ? `${found.id} ${found.title}` : null;
  };

  if (failure && !files) return <p role="alert" className="load-error">{`The editor could not start: ${failure}`}</p>;

  const startNew = (startWith: JsonObject) => {
    if (!file) return;
    go({ file: file.path, entry: 'new' }, startWith);
  };
  const blankEntry = () => {
    if (!file?.table) return {};
    const blank = emptyObject(fieldsOf(entrySchema(file.schema, file.table)));
    return list?.next_id !== null && list?.next_id !== undefined ? { ...blank, id: list.next_id } : blank;
  };

  return (
    <div className="editor">
      <header className="editor-header">
        <h1>Content editor</h1>
        <p role="status" className="editor-status">
          {status}
        </p>
        {file && savedFiles.has(file.path) && !publishing && (
          <button type="button" className="button" onClick={() => void undo()}>
            Undo last save
          </button>
        )}
        <button
          type="button"
          className="button"
          aria-pressed={publishing}
          onClick={() => {
            if (publishing) return setPublishing(false);
            // Unsaved edits are not published: say so before the form is left.
            if (dirty.current && !window.confirm('You have unsaved edits: they are not published until saved. Leave them without saving?')) return;
            dirty.current = false;
            setConflict(null);
            setPublishing(true);
          }}
        >
          Publish
        </button>
      </header>
      <nav className="file-nav" aria-label="Content files">
        {files === null ? (
          <p>Loading…</p>
        ) : (
          <ul>
            {files.map((candidate) => (
              <li key={`${candidate.path}#${candidate.table ?? ''}`}>
                <a
                  href={`?file=${encodeURIComponent(candidate.path)}`}
                  aria-current={candidate === file ? 'page' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    if (go({ file: candidate.path, entry: null })) setPublishing(false);
                  }}
                >
                  <span className="file-title">{candidate.title}</span>
                  <span className="file-holds">{candidate.holds}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </nav>
      {publishing ? (
        <main className="editor-main">
          <div className="editor-messages">
            <ProblemList title="Not saved: fix these first" problems={problems} onGo={goToProblem} takeFocus />
          </div>
          <PublishView save={save} onFilesChanged={filesChanged} onClose={() => setPublishing(false)} />
        </main>
      ) : (
      <main className={`editor-main${file?.kind === 'entries' ? ' editor-main-entries' : ''}`}>
        <div className="editor-messages">
          {conflict && (
            <ConflictPanel
              conflicts={conflict.conflicts}
              onKeepMine={async () => {
                if (await save(conflict.file, withDiskBases(conflict.changes, conflict.conflicts))) setReloadKey((count) => count + 1);
              }}
              onTakeDisk={() => {
                setConflict(null);
                if (go({ ...place }, null, true)) setReloadKey((count) => count + 1);
              }}
            />
          )}
          <ProblemList title="Not saved: fix these first" problems={problems} onGo={goToProblem} takeFocus />
          <ProblemList title="Saved, with warnings" problems={warnings} onGo={goToProblem} />
          <ProblemList title={otherWarningsTitle(otherWarnings.length)} problems={otherWarnings} onGo={goToProblem} />
        </div>
        {!file && (
          <section className="editor-welcome">
            <h2>Choose what to edit</h2>
            <p>Pick a file above. Each save is checked as `sitegen check` checks the site, and nothing is written while an error remains.</p>
            <Upload onUploaded={refreshOptions} />
          </section>
        )}
        {file?.kind === 'entries' && list && (
          <EntryList
            title={file.title}
            list={list}
            categories={options.categories}
            open={place.entry}
            onOpen={(id) => go({ file: file.path, entry: id })}
            onAdd={() => startNew(blankEntry())}
            onSettings={file.table && settingsSchema(file.schema, file.table) ? () => go({ file: file.path, entry: null, settings: true }) : undefined}
            onBulk={(changes) => save(file.path, changes)}
          />
        )}
        {file && (file.kind === 'document' || place.entry !== null || place.settings) && (
          <div className="editor-work">
            <EntryEditor
              key={`${file.path} ${String(place.entry)} ${place.settings ? 'settings' : ''}`}
              file={file}
              entry={file.kind === 'document' || place.entry === null ? undefined : place.entry}
              settings={file.kind === 'entries' && place.entry === null && place.settings}
              newValue={newValue}
              reloadKey={reloadKey}
              formContext={formContext}
              problems={problems}
              focusOnLoad={focusOnLoad}
              onFocused={onFocused}
              onDirtyChange={onDirtyChange}
              save={(changes) => save(file.path, changes)}
              onSavedNew={(id) => go({ file: file.path, entry: id }, null, true)}
              onDuplicate={(value) => startNew({ ...value, ...(list?.next_id != null ? { id: list.next_id } : {}) })}
              onDelete={async (id) => {
                if (!window.confirm(`Delete entry ${id} of ${file.path}? The site's pages that link to it would break, so the save is refused while any does.`)) return;
                if (await save(file.path, [{ op: 'remove', entry: id }])) go({ file: file.path, entry: null }, null, true);
              }}
              onRoute={setRoute}
            />
            <Preview route={route} entryOf={entryOfRoute} onEditPage={(path) => {
              const found = list?.entries.find((entry) => entry.route === path);
              if (found) go({ file: file.path, entry: found.id });
            }} />
          </div>
        )}
      </main>
      )}
    </div>
  );
}
