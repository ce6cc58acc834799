import { useState } from 'react';
import { focusField } from '../preload';
import { notify, type ToastPlacement } from '../toast/notify';
import { firstInvalidField, hasErrors, MESSAGES, withoutError, type FieldErrors } from '../validation';

/** Fields whose value is text: the ones a `FormField` edits. */
type TextFieldOf<V> = { [F in keyof V & string]: V[F] extends string ? F : never }[keyof V & string];

type ValidatedFormOptions<V> = {
  empty: V;
  validate: (values: V) => FieldErrors<keyof V & string>;
  /** The fields in their order on screen: the first failing one gets the focus. */
  order: readonly (keyof V & string)[];
  /** Where the "Please fix the errors in the form" toast shows. */
  placement?: ToastPlacement;
};

/**
 * The state every validated form shares (spec points 4 and 5): the values, the
 * per-field messages, a field's message clearing when it is edited, and the check on
 * submit that shows the messages, focuses the first failing field and shows the toast.
 */
export function useValidatedForm<V extends Record<string, unknown>>({
  empty,
  validate,
  order,
  placement,
}: ValidatedFormOptions<V>) {
  type Field = keyof V & string;
  const [values, setValues] = useState<V>(empty);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  function change<F extends Field>(field: F, value: V[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError<Field>(current, field));
  }

  return {
    values,
    errors,
    change,
    /** Back to the empty form (after a success). */
    reset: () => setValues(empty),
    /** The value, change handler and message of a text field, for a `FormField` with that id. */
    field: (name: TextFieldOf<V>, id: string) => ({
      id,
      name,
      value: values[name] as string,
      onChange: (value: string) => change(name, value as V[typeof name]),
      error: errors[name],
    }),
    /** Validates on submit; on a problem shows everything the spec asks and answers false. */
    check(form: HTMLFormElement): boolean {
      const found = validate(values);
      setErrors(found);
      if (!hasErrors(found)) return true;
      const first = firstInvalidField(found, order);
      if (first) focusField(form, first);
      void notify('error', MESSAGES.fixErrors, placement);
      return false;
    },
  };
}
