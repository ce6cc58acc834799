import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../logic/api';
import type { Change, PublishAnswer, PublishAuthor, PublishConflict } from '../logic/api.gen';
import { conflictPlace, conflictValue, shortCommit, takeTheirs, whatToDo, type PublishRefusal } from '../logic/publish';

type PublishViewProps = {
  /** Saves changes of a file as the forms do; resolves true once saved. */
  save: (path: string, changes: Change[]) => Promise<boolean>;
  /** After a publish or a colleague's values taken: the files on disk may have changed. */
  onFilesChanged: () => void;
  onClose: () => void;
};

type Published = Extract<PublishAnswer, { status: 'published' }>;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * The Publish view: what changed since the last publish in editors' words, the message
 * (proposed from them), the author (asked once when git has none), and the outcome of
 * publishing, each refusal with what to do; for a conflict, both values and the choice.
 */
export function PublishView({ save, onFilesChanged, onClose }: PublishViewProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const [plan, setPlan] = useState<PublishAnswer | null>(null);
  const [reading, setReading] = useState(0);
  const [failure, setFailure] = useState('');
  const [message, setMessage] = useState('');
  const [author, setAuthor] = useState<PublishAuthor>({ name: '', email: '' });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Published | PublishRefusal | null>(null);
  const [takeNote, setTakeNote] = useState('');

  useEffect(() => heading.current?.focus(), []);

  useEffect(() => {
    let current = true;
    api.publishPlan().then(
      (answer) => {
        if (!current) return;
        setFailure('');
        setPlan(answer);
        if (answer.status === 'plan') setMessage(answer.message.trimEnd());
      },
      (error: Error) => current && setFailure(error.message),
    );
    return () => {
      current = false;
    };
  }, [reading]);

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const needsAuthor = plan?.status === 'plan' && plan.author === null;

  const publish = async (keepMine: PublishConflict[] = []) => {
    setBusy(true);
    setTakeNote('');
    try {
      const answer = await api.publish({
        message,
        ...(needsAuthor ? { author: { name: author.name.trim(), email: author.email.trim() } } : {}),
        ...(keepMine.length ? { keep_mine: keepMine } : {}),
      });
      if (answer.status === 'published' || answer.status === 'refused') setOutcome(answer);
      else setOutcome(null);
      if (answer.status === 'nothing') setPlan(answer);
      if (answer.status === 'published') {
        onFilesChanged();
        // A kept author is git's now: the next publish does not ask.
        if (plan?.status === 'plan') setPlan({ ...plan, author: plan.author ?? author });
      }
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const takeTheirValues = async (conflicts: PublishConflict[]) => {
    const { saves, notTaken } = takeTheirs(conflicts);
    setBusy(true);
    let saved = true;
    for (const { path, changes } of saves) saved = (await save(path, changes)) && saved;
    setBusy(false);
    if (!saved) return setTakeNote('Not all of your colleague’s values could be saved here: see the messages above.');
    onFilesChanged();
    setOutcome(null);
    setTakeNote(
      notTaken.length
        ? `Your colleague’s values are saved here, except ${notTaken.map(conflictPlace).join(', ')}: keep yours for those, or ask the developer.`
        : 'Your colleague’s values are saved here instead of yours. Publish again to send the rest.',
    );
    setReading((count) => count + 1);
    // The panel and its buttons are gone: the view's heading keeps the keyboard's place.
    heading.current?.focus();
  };

  return (
    <section className="publish-view" aria-labelledby={headingId}>
      <div className="publish-top">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          Publish
        </h2>
        <button type="button" className="button" onClick={onClose}>
          Back to editing
        </button>
      </div>
      {failure && (
        <p role="alert" className="load-error">
          {`The editor could not publish: ${failure}`}
        </p>
      )}
      {takeNote && <p role="status">{takeNote}</p>}
      {plan === null && !failure && <p role="status">Reading what changed since the last publish…</p>}
      {plan?.status === 'nothing' && !outcome && <p role="status">Nothing to publish: the content is as last published.</p>}
      {plan?.status === 'refused' && !outcome && <Refusal refusal={plan} />}
      {plan?.status === 'plan' && outcome?.status !== 'published' && (
        <form
          className="publish-form"
          onSubmit={(event) => {
            event.preventDefault();
            void publish();
          }}
        >
          <h3>{`What will be published: ${plural(plan.changes.length, 'change')}, to ${plan.remote}/${plan.branch}`}</h3>
          <ul className="publish-changes">
            {plan.changes.map((change, index) => (
              <li key={index}>{change}</li>
            ))}
          </ul>
          {plan.whole_files.length > 0 && (
            <p className="problem problem-warning">{`Compared as whole files (not valid TOML on one side; run sitegen check): ${plan.whole_files.join(', ')}`}</p>
          )}
          <div className="field">
            <label htmlFor={`${headingId}-message`}>Message</label>
            <textarea id={`${headingId}-message`} value={message} rows={Math.min(8, message.split('\n').length + 1)} onChange={(event) => setMessage(event.target.value)} />
          </div>
          {needsAuthor ? (
            <fieldset className="publish-author">
              <legend>Who is publishing (asked once, kept for this copy of the site)</legend>
              <div className="field">
                <label htmlFor={`${headingId}-name`}>Your name</label>
                <input id={`${headingId}-name`} type="text" required autoComplete="name" value={author.name} onChange={(event) => setAuthor({ ...author, name: event.target.value })} />
              </div>
              <div className="field">
                <label htmlFor={`${headingId}-email`}>Your e-mail address</label>
                <input id={`${headingId}-email`} type="email" required autoComplete="email" value={author.email} onChange={(event) => setAuthor({ ...author, email: event.target.value })} />
              </div>
            </fieldset>
          ) : (
            plan.author && <p>{`Published as ${plan.author.name} <${plan.author.email}>.`}</p>
          )}
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Publishing…' : 'Publish these changes'}
          </button>
        </form>
      )}
      <div ref={outcomeRef} tabIndex={-1} className="publish-outcome">
        {outcome?.status === 'published' && (
          <p role="status" className="publish-done">
            {`Published ${plural(outcome.changes.length, 'change')} to ${outcome.remote}/${outcome.branch} as ${shortCommit(outcome.commit)}.`}
            {outcome.combined && ' A colleague’s changes published meanwhile were combined with yours.'}
          </p>
        )}
        {outcome?.status === 'refused' && (
          <>
            <Refusal refusal={outcome} />
            {outcome.conflicts.length > 0 && (
              <div className="conflict-panel">
                <ul>
                  {outcome.conflicts.map((conflict, index) => (
                    <li key={index}>
                      <p className="conflict-field">{conflictPlace(conflict)}</p>
                      <dl>
                        <dt>Yours</dt>
                        <dd>
                          <pre>{conflictValue(conflict.ours)}</pre>
                        </dd>
                        <dt>Your colleague’s, published</dt>
                        <dd>
                          <pre>{conflictValue(conflict.theirs)}</pre>
                        </dd>
                      </dl>
                    </li>
                  ))}
                </ul>
                <div className="conflict-actions">
                  <button type="button" className="button button-primary" disabled={busy} onClick={() => void publish(outcome.conflicts)}>
                    Keep mine: publish mine over theirs
                  </button>
                  <button type="button" className="button" disabled={busy} onClick={() => void takeTheirValues(outcome.conflicts)}>
                    Take theirs: save their values here
                  </button>
                </div>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function Refusal({ refusal }: { refusal: PublishRefusal }) {
  return (
    <div role="alert" className="publish-refused">
      <h3>{`Not published: ${refusal.title} (${refusal.code})`}</h3>
      <p className="publish-message">{refusal.message}</p>
      <p>
        <strong>What to do: </strong>
        {whatToDo(refusal)}
      </p>
    </div>
  );
}
