import { useId, useState } from 'react';
import { api } from '../logic/api';
import type { EntryId, HistoryVersion } from '../logic/api.gen';
import type { JsonObject } from '../logic/json';
import { shortCommit, versionDate } from '../logic/publish';

type EntryHistoryProps = {
  path: string;
  /** The entry; none for a whole document. */
  entry?: EntryId;
  /** Loads a version's values into the form, as an unsaved edit. */
  onRestore: (value: JsonObject) => void;
};

/** The published versions of what the form shows (from git), each restorable into the form. Read when opened. */
export function EntryHistory({ path, entry, onRestore }: EntryHistoryProps) {
  const headingId = useId();
  const [versions, setVersions] = useState<HistoryVersion[] | null>(null);
  const [failure, setFailure] = useState('');
  const [restored, setRestored] = useState('');

  const read = () => {
    setFailure('');
    api.history(path, entry).then(
      (answer) => setVersions(answer.versions),
      (error: Error) => setFailure(error.message),
    );
  };

  return (
    <details
      className="history"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) read();
      }}
    >
      <summary id={headingId}>History</summary>
      {failure && <p role="alert">{`The history could not be read: ${failure}`}</p>}
      {versions === null && !failure && <p role="status">Reading the history…</p>}
      {versions?.length === 0 && <p>No published version yet.</p>}
      <p role="status">{restored}</p>
      {versions && versions.length > 0 && (
        <ol className="history-versions" aria-labelledby={headingId}>
          {versions.map((version) => (
            <li key={version.commit}>
              <p className="history-subject">{version.subject || '(no message)'}</p>
              <p className="history-who">
                {`${version.author}, `}
                <time dateTime={version.date}>{versionDate(version.date)}</time>
                {` · ${shortCommit(version.commit)}`}
              </p>
              {version.value !== null && typeof version.value === 'object' && !Array.isArray(version.value) ? (
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Restore this version: ${version.subject || shortCommit(version.commit)}, ${versionDate(version.date)}`}
                  onClick={() => {
                    onRestore(version.value as JsonObject);
                    setRestored(`The version of ${versionDate(version.date)} (${shortCommit(version.commit)}) is in the form: save it to keep it, then publish.`);
                  }}
                >
                  Restore this version
                </button>
              ) : (
                <p>Removed in this version.</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
