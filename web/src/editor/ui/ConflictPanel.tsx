import { useEffect, useRef } from 'react';
import type { Conflict } from '../logic/api-types';

type ConflictPanelProps = {
  conflicts: readonly Conflict[];
  /** Saves again, the editor's values over the ones on disk. */
  onKeepMine: () => void;
  /** Drops the editor's edits and reads the file as it is now. */
  onTakeDisk: () => void;
};

const shown = (value: unknown) => (value === null || value === undefined ? '(nothing)' : typeof value === 'string' ? value : JSON.stringify(value, null, 1));

/** A save refused because the file changed on disk meanwhile: both values, and the choice (focused when it shows). */
export function ConflictPanel({ conflicts, onKeepMine, onTakeDisk }: ConflictPanelProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), [conflicts]);
  return (
    <section ref={ref} className="conflict-panel" tabIndex={-1} aria-labelledby="conflict-title">
      <h2 id="conflict-title">Not saved: changed on disk since you opened it</h2>
      <p>Someone or something else (another tab, a code editor, git) changed these values. Nothing was overwritten.</p>
      <ul>
        {conflicts.map((conflict, index) => (
          <li key={index}>
            <p className="conflict-field">
              {conflict.entry !== null && `Entry ${conflict.entry}, `}
              {conflict.field.join(' › ')}
            </p>
            <dl>
              <dt>On disk now</dt>
              <dd>
                <pre>{shown(conflict.disk)}</pre>
              </dd>
              <dt>Yours</dt>
              <dd>
                <pre>{shown(conflict.yours)}</pre>
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="conflict-actions">
        <button type="button" className="button button-primary" onClick={onKeepMine}>
          Save mine over the disk
        </button>
        <button type="button" className="button" onClick={onTakeDisk}>
          Drop mine, load the file as it is now
        </button>
      </div>
    </section>
  );
}
