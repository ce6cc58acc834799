import '../forms.css';

/** The class of the honeypot input: `isHoneypotFilled` finds it by it. */
const HONEYPOT_CLASS = 'form-honeypot-input';

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from
 * assistive technology) that spam bots fill in. It has no name, so it is never sent.
 * Place it after the real fields: a dialog focuses its first input on open.
 */
export function Honeypot() {
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label>
        Leave this field empty
        <input className={HONEYPOT_CLASS} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** A filled honeypot: the form pretends success and sends nothing. */
export function isHoneypotFilled(form: HTMLFormElement): boolean {
  const input = form.querySelector<HTMLInputElement>(`.${HONEYPOT_CLASS}`);
  return Boolean(input?.value);
}
