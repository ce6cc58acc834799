import { useEffect, useId, useRef } from 'react';
import type { Problem } from '../logic/api-types';
import { problemPlace } from '../logic/problems';
import { ProblemText } from './ProblemText';

type ProblemListProps = {
  title: string;
  problems: readonly Problem[];
  /** Goes to the problem's field (in this form, or another entry or file). */
  onGo: (problem: Problem) => void;
  /** Moves the focus to the list whenever it shows new problems (a refused save's). */
  takeFocus?: boolean;
};

/** Every problem of a refused save (or a save's warnings), each a link to its field. */
export function ProblemList({ title, problems, onGo, takeFocus = false }: ProblemListProps) {
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (takeFocus && problems.length > 0) ref.current?.focus();
  }, [takeFocus, problems]);
  if (problems.length === 0) return null;
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  return (
    <section ref={ref} className={`problem-list${errors ? ' problem-list-errors' : ''}`} tabIndex={-1} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ol>
        {problems.map((problem, index) => (
          <li key={index} className={`problem problem-${problem.severity}`}>
            <a
              href={`#${problemPlace(problem)}`}
              onClick={(event) => {
                event.preventDefault();
                onGo(problem);
              }}
            >
              {problemPlace(problem)}
            </a>
            <div>
              <ProblemText problem={problem} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

