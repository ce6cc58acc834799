import type { Problem } from '../logic/api-types';

/** A problem as `sitegen check` words it: its plain message, the hint, and the code for `sitegen explain`. */
export function ProblemText({ problem }: { problem: Problem }) {
  return (
    <>
      <span className={`problem-severity problem-${problem.severity}`}>{problem.severity === 'error' ? 'Error' : 'Warning'}</span>{' '}
      {problem.message}{' '}
      {problem.code && (
        <code className="problem-code" title={`sitegen explain ${problem.code}`}>
          {problem.code}
        </code>
      )}
      {problem.hint && <span className="problem-hint">{problem.hint}</span>}
    </>
  );
}

/** The problems of one field, under it; `id` is what the field's aria-describedby names. */
export function FieldProblems({ id, problems }: { id: string; problems: readonly Problem[] | undefined }) {
  if (!problems?.length) return null;
  return (
    <ul id={id} className="field-problems">
      {problems.map((problem, index) => (
        <li key={index} className={`problem problem-${problem.severity}`}>
          <ProblemText problem={problem} />
        </li>
      ))}
    </ul>
  );
}
