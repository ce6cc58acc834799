import '../forms.css';

type SubmitButtonProps = {
  submitting: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
  spinner?: boolean;
};

/** The submit button: disabled while submitting, with its busy text (and a spinner). */
export function SubmitButton({ submitting, label, busyLabel, disabled, spinner = true }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className="button button-primary"
      disabled={submitting || disabled}
      aria-busy={submitting || undefined}
    >
      {submitting && spinner && <span className="form-spinner" aria-hidden="true" />}
      {submitting ? busyLabel : label}
    </button>
  );
}
