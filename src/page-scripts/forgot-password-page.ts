import { forgotPassword } from '../lib/api/auth.ts';
import { FORGOT_SENT, GENERIC_FAILURE } from '../lib/auth-messages.ts';
import { showToast } from '../lib/stores/toasts.ts';
import { field, setBusy } from './form.ts';

/** Wires the forgot-password form: on success the form hides and `sentNotice` shows. */
export function initForgotPasswordPage(form: HTMLFormElement, sentNotice: HTMLElement): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit(form, sentNotice);
  });
}

async function submit(form: HTMLFormElement, sentNotice: HTMLElement): Promise<void> {
  setBusy(form, true);
  try {
    await forgotPassword(field(form, 'email').value.trim());
    form.hidden = true;
    sentNotice.hidden = false;
    sentNotice.focus();
    showToast({ type: 'success', message: FORGOT_SENT });
  } catch {
    showToast({ type: 'error', message: GENERIC_FAILURE });
  } finally {
    setBusy(form, false);
  }
}
