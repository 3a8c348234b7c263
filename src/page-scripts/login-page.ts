import { LOGIN_FAILED_TITLE, loginErrorMessage } from '../lib/auth-messages.ts';
import { HOME_PATH } from '../lib/constants.ts';
import { navigate } from '../lib/navigate.ts';
import { loadSession, login } from '../lib/stores/session.ts';
import { showToast } from '../lib/stores/toasts.ts';
import { getToken } from '../lib/token.ts';
import { field, setBusy } from './form.ts';

/** Wires the sign-in form; resolves once a held token has been checked (a valid one goes to /dashboard). */
export async function initLoginPage(form: HTMLFormElement): Promise<void> {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit(form);
  });
  if (getToken() && (await loadSession({ redirectOnFailure: false }))) {
    navigate(HOME_PATH, { replace: true });
  }
}

async function submit(form: HTMLFormElement): Promise<void> {
  setBusy(form, true);
  try {
    await login(field(form, 'email').value.trim(), field(form, 'password').value);
    // Success navigates away; the form stays disabled so nothing is sent twice meanwhile.
  } catch (error) {
    showToast({ type: 'error', title: LOGIN_FAILED_TITLE, message: loginErrorMessage(error) });
    setBusy(form, false);
  }
}
