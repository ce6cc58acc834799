import { useEffect, useEffectEvent, useRef, type ChangeEvent } from 'react';
import '../forms.css';

export type FormFieldProps = {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's own message, shown under it and announced with it. */
  error?: string;
  /** Marks the field invalid when the message is shown elsewhere (the enquiry form's one message). */
  invalid?: boolean;
  /** The id of a message elsewhere that describes this field. */
  describedBy?: string;
  type?: 'text' | 'email' | 'tel';
  multiline?: boolean;
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  placeholder?: string;
  disabled?: boolean;
};

/**
 * A labelled input or textarea with its error message (aria-invalid, aria-describedby).
 * What a visitor typed before the app arrived stays: the prerendered field already holds
 * it, and the form takes it over as the field hydrates.
 */
export function FormField({
  id,
  name,
  label,
  value,
  onChange,
  error,
  invalid,
  describedBy,
  type = 'text',
  multiline = false,
  required,
  autoComplete,
  inputMode,
  placeholder,
  disabled,
}: FormFieldProps) {
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const adoptEarlyTyping = useEffectEvent(() => {
    const typed = fieldRef.current?.value;
    if (typed && typed !== value) onChange(typed);
  });
  useEffect(() => adoptEarlyTyping(), []);

  const errorId = `${id}-error`;
  const described = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value,
    required,
    disabled,
    placeholder,
    ref: fieldRef,
    'aria-invalid': error || invalid ? true : undefined,
    'aria-describedby': described,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea rows={4} {...common} />
      ) : (
        <input type={type} autoComplete={autoComplete} inputMode={inputMode} {...common} />
      )}
      {error && (
        <p id={errorId} className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}
