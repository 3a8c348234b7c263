// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { setNavigator } from '../../../src/lib/navigate.ts';
import { $session } from '../../../src/lib/stores/session.ts';
import { $toasts, clearToasts } from '../../../src/lib/stores/toasts.ts';
import { initLoginPage } from '../../../src/page-scripts/login-page.ts';
import { stubFetch } from '../support/fetch.ts';

const me = { id: 1, name: 'Ama', email: 'ama@payrail.test', role: 'superadmin', avatar: null, orgId: null, organisation: null };
let navigations: string[];
let restoreNavigator: () => void;

function mountForm(): HTMLFormElement {
  document.body.innerHTML = `
    <form id="login-form">
      <label for="e">Email</label><input id="e" name="email" type="email" required />
      <label for="p">Password</label><input id="p" name="password" type="password" required />
      <button type="submit">Sign in</button>
    </form>`;
  return document.getElementById('login-form') as HTMLFormElement;
}

function submit(form: HTMLFormElement, email: string, password: string): void {
  (form.elements.namedItem('email') as HTMLInputElement).value = email;
  (form.elements.namedItem('password') as HTMLInputElement).value = password;
  form.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
}

const button = () => document.querySelector('button') as HTMLButtonElement;

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

test('signing in stores the token and goes to /dashboard', async () => {
  const form = mountForm();
  const { requests } = stubFetch({ body: { access_token: 'jwt' } }, { body: me });
  await initLoginPage(form);
  submit(form, ' ama@payrail.test ', 'secret');
  expect(button().disabled).toBe(true);
  await vi.waitFor(() => expect(navigations).toEqual(['/dashboard']));
  expect(requests[0]?.body).toEqual({ email: 'ama@payrail.test', password: 'secret' });
  expect(localStorage.getItem('authToken')).toBe('jwt');
});

test('a rejected sign-in shows the Login failed toast, clears the token and re-enables the form', async () => {
  const form = mountForm();
  stubFetch({ status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password.' } });
  await initLoginPage(form);
  submit(form, 'ama@payrail.test', 'wrong');
  await vi.waitFor(() => expect($toasts.get()).toHaveLength(1));
  expect($toasts.get()[0]).toMatchObject({ type: 'error', title: 'Login failed', message: 'Invalid email or password.' });
  expect(localStorage.getItem('authToken')).toBeNull();
  expect(button().disabled).toBe(false);
  expect(navigations).toEqual([]);
});

test('a server failure without a message gives the generic text', async () => {
  const form = mountForm();
  stubFetch({ status: 500, statusText: 'Internal Server Error' });
  await initLoginPage(form);
  submit(form, 'ama@payrail.test', 'secret');
  await vi.waitFor(() => expect($toasts.get()[0]?.message).toBe('Could not sign you in. Please try again.'));
});

test('a visitor already holding a valid token goes straight to /dashboard', async () => {
  localStorage.setItem('authToken', 'jwt');
  stubFetch({ body: me });
  await initLoginPage(mountForm());
  expect(navigations).toEqual(['/dashboard']);
});

test('an invalid held token is dropped and the visitor stays on the login page', async () => {
  localStorage.setItem('authToken', 'expired');
  stubFetch({ status: 401, body: { message: 'Invalid or expired token.' } });
  await initLoginPage(mountForm());
  expect(navigations).toEqual([]);
  expect(localStorage.getItem('authToken')).toBeNull();
});
