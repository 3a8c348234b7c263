import { ApiError, messageOr } from '../lib/api/errors.ts';
import { enableTwoFactor, setUpTwoFactor, verifyTwoFactor } from '../lib/api/two-factor.ts';
import { LOGIN_FAILED_TITLE, loginErrorMessage } from '../lib/auth-messages.ts';
import { HOME_PATH } from '../lib/constants.ts';
import { navigate } from '../lib/navigate.ts';
import { qrCodeSvg } from '../lib/qr-code.ts';
import { loadSession, login, startSession } from '../lib/stores/session.ts';
import { showToast } from '../lib/stores/toasts.ts';
import { getToken } from '../lib/token.ts';
import { field, setBusy } from './form.ts';

export const INVALID_CODE_FALLBACK = 'Invalid authentication code.';

/** The steps of the page after the password (docs/security.md#two-factor-sign-in); absent parts are simply not offered. */
const STEP_IDS = ['login-password-step', 'login-code-step', 'login-enrol-step', 'login-recovery-step'] as const;
type StepId = (typeof STEP_IDS)[number];

function showStep(id: StepId): void {
  for (const stepId of STEP_IDS) {
    const element = document.getElementById(stepId);
    if (element) element.hidden = stepId !== id;
  }
  document.querySelector<HTMLInputElement>(`#${id} input:not([type="hidden"])`)?.focus();
}

const formById = (id: string) => {
  const element = document.getElementById(id);
  return element instanceof HTMLFormElement ? element : null;
};

/** Wires the sign-in form (and its two-factor steps); resolves once a held token has been checked (a valid one goes to /dashboard). */
export async function initLoginPage(form: HTMLFormElement): Promise<void> {
  const challenge = { token: '' };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitPassword(form, challenge);
  });
  formById('login-code-form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitCode(event.currentTarget as HTMLFormElement, challenge);
  });
  formById('login-enrol-form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitEnrolment(event.currentTarget as HTMLFormElement, challenge);
  });
  if (getToken() && (await loadSession({ redirectOnFailure: false }))) {
    navigate(HOME_PATH, { replace: true });
  }
}

async function submitPassword(form: HTMLFormElement, challenge: { token: string }): Promise<void> {
  setBusy(form, true);
  try {
    const result = await login(field(form, 'email').value.trim(), field(form, 'password').value);
    if (result.step === 'done') return; // Success navigates away; the form stays disabled so nothing is sent twice meanwhile.
    challenge.token = result.challengeToken;
    setBusy(form, false);
    if (result.step === 'code') showStep('login-code-step');
    else await startEnrolment(challenge.token);
  } catch (error) {
    showToast({ type: 'error', title: LOGIN_FAILED_TITLE, message: loginErrorMessage(error) });
    setBusy(form, false);
  }
}

/** A wrong code is the server's 401 message; an expired challenge sends the user back to the password. */
function codeFailure(error: unknown): void {
  showToast({ type: 'error', title: LOGIN_FAILED_TITLE, message: messageOr(error, INVALID_CODE_FALLBACK) });
  if (error instanceof ApiError && error.status === 401 && /expired/i.test(error.message)) showStep('login-password-step');
}

async function submitCode(form: HTMLFormElement, challenge: { token: string }): Promise<void> {
  const code = field(form, 'code');
  setBusy(form, true);
  try {
    const { access_token: token } = await verifyTwoFactor(challenge.token, code.value.trim());
    await startSession(token);
  } catch (error) {
    codeFailure(error);
    code.value = '';
    setBusy(form, false);
  }
}

async function startEnrolment(challengeToken: string): Promise<void> {
  const { secret, otpauthUri } = await setUpTwoFactor(challengeToken);
  const secretText = document.getElementById('login-enrol-secret');
  if (secretText) secretText.textContent = secret;
  showStep('login-enrol-step');
  const qr = document.getElementById('login-enrol-qr');
  // The encoder is a separate chunk: only an enrolment loads it. The typed key above works without it.
  if (qr) qr.innerHTML = await qrCodeSvg(otpauthUri);
}

async function submitEnrolment(form: HTMLFormElement, challenge: { token: string }): Promise<void> {
  setBusy(form, true);
  try {
    const enabled = await enableTwoFactor(field(form, 'code').value.trim(), challenge.token);
    const token = enabled.access_token;
    if (!token) throw new Error('The enrolment response carried no access token.');
    showRecoveryCodes(enabled.recoveryCodes, token);
  } catch (error) {
    codeFailure(error);
    setBusy(form, false);
  }
}

/** The recovery codes are shown once; the session starts when the user says they are saved. */
function showRecoveryCodes(codes: readonly string[], token: string): void {
  const list = document.getElementById('login-recovery-codes');
  if (list) list.replaceChildren(...codes.map((code) => Object.assign(document.createElement('li'), { textContent: code })));
  showStep('login-recovery-step');
  const proceed = document.getElementById('login-recovery-continue');
  proceed?.addEventListener('click', () => void startSession(token).catch((error: unknown) => codeFailure(error)), { once: true });
  proceed?.focus();
}
