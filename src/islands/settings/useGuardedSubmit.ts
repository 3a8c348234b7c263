import { useState, type SubmitEvent } from 'react';

/**
 * A settings form's submit: ignored while a save runs; `check` reports a problem by returning the selector of the
 * control to focus (null when the form is fine), otherwise `save` runs with the form marked busy.
 */
export function useGuardedSubmit(check: () => string | null, save: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = check();
    if (problem !== null) {
      event.currentTarget.querySelector<HTMLElement>(problem)?.focus();
      return;
    }
    setBusy(true);
    void save().finally(() => setBusy(false));
  };
  return { busy, submit };
}
