import { useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import type { Checked, FieldErrors } from '../../lib/field-rules.ts';
import { showToast } from '../../lib/stores/toasts.ts';

export interface CheckedFormOptions<Values, Field extends string, Payload, Saved> {
  initial: Values | (() => Values);
  /** The form's rules: field errors, or the payload to send. */
  check: (values: Values) => Checked<Payload, Field>;
  save: (payload: Payload) => Promise<Saved>;
  successMessage: string;
  failureMessage: string;
  onSaved: (saved: Saved) => void;
}

/**
 * The state of a modal form checked before sending: values, per-field errors (cleared as a field
 * changes), a counter of invalid attempts (moves focus to the first error), and the save with its toasts.
 */
export function useCheckedForm<Values extends Record<Field, unknown>, Field extends string, Payload, Saved>(
  options: CheckedFormOptions<Values, Field, Payload, Saved>,
) {
  const [values, setValues] = useState<Values>(options.initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [invalidAttempt, setInvalidAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  const change = (field: Field, value: Values[Field]) => {
    setValues((was) => ({ ...was, [field]: value }));
    setErrors((was) => ({ ...was, [field]: undefined }));
  };

  const submit = async () => {
    const checked = options.check(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setInvalidAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const saved = await options.save(checked.value);
      showToast(successToast(options.successMessage));
      options.onSaved(saved);
    } catch (error) {
      showToast(failureToast(error, options.failureMessage));
      setBusy(false);
    }
  };

  /** What the FormModal around the form takes: its busy state, invalid attempts and submit. */
  const modal = { busy, invalidAttempt, onSubmit: () => void submit() };

  return { values, setValues, errors, invalidAttempt, busy, change, submit, modal };
}
