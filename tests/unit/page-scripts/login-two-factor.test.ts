// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { setNavigator } from '../../../src/lib/navigate.ts';
import { $session } from '../../../src/lib/stores/session.ts';
import { $toasts, clearToasts } from '../../../src/lib/stores/toasts.ts';
import { initLoginPage } from '../../../src/page-scripts/login-page.ts';
import { stubFetch } from '../support/fetch.ts';

vi.mock('../../../src/lib/qr-code.ts', () => ({ qrCodeSvg: async (text: string) => `<svg data-text="${text}"></svg>` }));

const me = { id: 1, name: 'Ama', email: 'ama@payrail.test', role: 'superadmin', avatar: null, orgId: null, organisation: null };
let navigations: string[];
let restoreNavigator: () => void;

// The steps of src/pages/login.astro, reduced to what the script reads.
function mountPage(): HTMLFormElement {
  document.body.innerHTML = `
    <div id="login-password-step">
      <form id="login-form">
        <label for="e">Email</label><input id="e" name="email" type="email" />
        <label for="p">Password</label><input id="p" name="password" type="password" />
        <button type="submit">Sign in</button>
      </form>
    </div>
    <div id="login-code-step" hidden>
      <form id="login-code-form"><input id="c" name="code" /><button type="submit">Verify</button></form>
    </div>
    <div id="login-enrol-step" hidden>
      <div id="login-enrol-qr"></div><code id="login-enrol-secret"></code>
      <form id="login-enrol-form"><input id="ec" name="code" /><button type="submit">Turn on and continue</button></form>
    </div>
    <div id="login-recovery-step" hidden>
      <ol id="login-recovery-codes"></ol><button id="login-recovery-continue" type="button">Saved</button>
    </div>`;
  return document.getElementById('login-form') as HTMLFormElement;
}

const byId = (id: string) => document.getElementById(id) as HTMLElement;
const submitForm = (id: string, values: Record<string, string>) => {
  const form = byId(id) as HTMLFormElement;
  for (const [name, value] of Object.entries(values)) (form.elements.namedItem(name) as HTMLInputElement).value = value;
  form.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
};

beforeEach(() => {
  localStorage.clear();
  $session.set({ status: 'loading', user: null });
  navigations = [];
  restoreNavigator = setNavigator((path) => navigations.push(path));
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  restoreNavigator();
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('a password answered with a code challenge shows the code step, stores nothing, and the code signs in', async () => {
  const { requests } = stubFetch(
    { body: { two_factor: 'code', challenge_token: 'challenge-1', expires_in: 600 } },
    { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid authentication code.' } },
    { body: { access_token: 'jwt', token_type: 'Bearer', expires_in: 43200 } },
    { body: me },
  );
  await initLoginPage(mountPage());
  submitForm('login-form', { email: 'ama@payrail.test', password: 'secret' });
  await vi.waitFor(() => expect(byId('login-code-step').hidden).toBe(false));
  expect(byId('login-password-step').hidden).toBe(true);
  expect(localStorage.getItem('authToken')).toBeNull();

  submitForm('login-code-form', { code: '000000' });
  await vi.waitFor(() => expect($toasts.get()[0]).toMatchObject({ type: 'error', message: 'Invalid authentication code.' }));
  expect(byId('login-code-step').hidden).toBe(false);
  expect(navigations).toEqual([]);

  submitForm('login-code-form', { code: ' 123456 ' });
  await vi.waitFor(() => expect(navigations).toEqual(['/dashboard']));
  expect(requests[2]?.body).toEqual({ challenge_token: 'challenge-1', code: '123456' });
  expect(localStorage.getItem('authToken')).toBe('jwt');
});

test('an expired challenge sends the user back to the password', async () => {
  stubFetch(
    { body: { two_factor: 'code', challenge_token: 'old', expires_in: 600 } },
    { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Your sign-in has expired. Please sign in again.' } },
  );
  await initLoginPage(mountPage());
  submitForm('login-form', { email: 'ama@payrail.test', password: 'secret' });
  await vi.waitFor(() => expect(byId('login-code-step').hidden).toBe(false));
  submitForm('login-code-form', { code: '123456' });
  await vi.waitFor(() => expect(byId('login-password-step').hidden).toBe(false));
  expect($toasts.get()[0]?.message).toBe('Your sign-in has expired. Please sign in again.');
});

test('a required enrolment shows the QR and key, then the recovery codes, and starts the session only when saved', async () => {
  const { requests } = stubFetch(
    { body: { two_factor: 'enrol', challenge_token: 'enrol-1', expires_in: 600 } },
    { body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/Payrail:ama?secret=JBSWY3DPEHPK3PXP' } },
    { body: { recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'], access_token: 'jwt', token_type: 'Bearer', expires_in: 43200 } },
    { body: me },
  );
  await initLoginPage(mountPage());
  submitForm('login-form', { email: 'ama@payrail.test', password: 'secret' });
  await vi.waitFor(() => expect(byId('login-enrol-qr').innerHTML).toContain('otpauth://totp/Payrail:ama'));
  expect(byId('login-enrol-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
  // The enrolment challenge is the bearer of the set-up: there is no session yet.
  expect(requests[1]?.headers['Authorization']).toBe('Bearer enrol-1');

  submitForm('login-enrol-form', { code: '654321' });
  await vi.waitFor(() => expect(byId('login-recovery-step').hidden).toBe(false));
  expect(requests[2]).toMatchObject({ body: { code: '654321' }, headers: { Authorization: 'Bearer enrol-1' } });
  expect([...byId('login-recovery-codes').querySelectorAll('li')].map((li) => li.textContent)).toEqual(['aaaaa-bbbbb', 'ccccc-ddddd']);
  expect(localStorage.getItem('authToken')).toBeNull();

  byId('login-recovery-continue').click();
  await vi.waitFor(() => expect(navigations).toEqual(['/dashboard']));
  expect(localStorage.getItem('authToken')).toBe('jwt');
});
