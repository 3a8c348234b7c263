import { resetPassword } from '../lib/api/auth.ts';
import { PASSWORDS_DO_NOT_MATCH, RESET_FAILED, RESET_SUCCESS } from '../lib/auth-messages.ts';
import { LOGIN_PATH } from '../lib/constants.ts';
import { navigate } from '../lib/navigate.ts';
import { resetTokenFromPath } from '../lib/reset-token.ts';
import { queueFlashToast } from '../lib/stores/flash.ts';
import { showToast } from '../lib/stores/toasts.ts';
import { field, setBusy } from './form.ts';

/** Wires the reset form for the token in `pathname`; `problem` is where a mismatch is reported. */
export function initResetPasswordPage(form: HTMLFormElement, problem: HTMLElement, pathname: string): void {
  const confirm = field(form, 'confirmPassword');
  const showProblem = (text: string) => {
    problem.textContent = text;
    problem.hidden = text === '';
    confirm.setAttribute('aria-invalid', String(text !== ''));
  };
  confirm.addEventListener('input', () => showProblem(''));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const password = field(form, 'password').value;
    if (password !== confirm.value) {
      showProblem(PASSWORDS_DO_NOT_MATCH);
      confirm.focus();
      return;
    }
    showProblem('');
    void submit(form, resetTokenFromPath(pathname), password);
  });
}

async function submit(form: HTMLFormElement, token: string | null, password: string): Promise<void> {
  if (!token) {
    showToast({ type: 'error', message: RESET_FAILED });
    return;
  }
  setBusy(form, true);
  try {
    await resetPassword(token, password);
    // The login page shows the parked toast, so it survives the navigation.
    queueFlashToast({ type: 'success', message: RESET_SUCCESS });
    navigate(LOGIN_PATH);
  } catch {
    showToast({ type: 'error', message: RESET_FAILED });
    setBusy(form, false);
  }
}
