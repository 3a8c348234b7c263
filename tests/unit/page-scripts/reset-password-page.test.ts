// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { setNavigator } from '../../../src/lib/navigate.ts';
import { showFlashToast } from '../../../src/lib/stores/flash.ts';
import { $toasts, clearToasts } from '../../../src/lib/stores/toasts.ts';
import { initResetPasswordPage } from '../../../src/page-scripts/reset-password-page.ts';
import { stubFetch } from '../support/fetch.ts';

let navigations: string[];
let restoreNavigator: () => void;

function mount(pathname: string, password: string, confirm: string) {
  document.body.innerHTML = `
    <form id="f">
      <input name="password" type="password" minlength="8" required />
      <input name="confirmPassword" type="password" minlength="8" required />
      <p id="problem" role="alert" hidden></p>
      <button type="submit">Reset Password</button>
    </form>`;
  const form = document.getElementById('f') as HTMLFormElement;
  const problem = document.getElementById('problem') as HTMLElement;
  initResetPasswordPage(form, problem, pathname);
  (form.elements.namedItem('password') as HTMLInputElement).value = password;
  (form.elements.namedItem('confirmPassword') as HTMLInputElement).value = confirm;
  form.dispatchEvent(new Event('submit', { cancelable: true }));
  return { form, problem };
}

beforeEach(() => {
  sessionStorage.clear();
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

test('different passwords show "Passwords do not match." and send nothing', () => {
  const { fetchMock } = stubFetch();
  const { problem } = mount('/reset-password/tok', 'new-password-1', 'new-password-2');
  expect(problem.hidden).toBe(false);
  expect(problem.textContent).toBe('Passwords do not match.');
  expect(fetchMock).not.toHaveBeenCalled();
});

test('success sends the token from the path, then goes to /login where the toast shows', async () => {
  const { requests } = stubFetch({ body: { message: 'ok' } });
  mount('/reset-password/abc123', 'new-password-1', 'new-password-1');
  await vi.waitFor(() => expect(navigations).toEqual(['/login']));
  expect(requests[0]).toMatchObject({ url: '/api/auth/reset-password', body: { token: 'abc123', password: 'new-password-1' } });
  // The next page (login) shows the parked toast.
  showFlashToast();
  expect($toasts.get()).toMatchObject([{ type: 'success', message: 'Your password has been reset successfully!' }]);
});

test('a refused token shows the invalid-token toast and stays', async () => {
  stubFetch({ status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'This reset link is invalid or has expired.' } });
  const { form } = mount('/reset-password/used', 'new-password-1', 'new-password-1');
  await vi.waitFor(() => expect($toasts.get()).toHaveLength(1));
  expect($toasts.get()[0]).toMatchObject({ type: 'error', message: 'Invalid or expired token. Please try again.' });
  expect(navigations).toEqual([]);
  expect((form.querySelector('button') as HTMLButtonElement).disabled).toBe(false);
});

test('a path without a token is refused without calling the server', () => {
  const { fetchMock } = stubFetch();
  mount('/reset-password', 'new-password-1', 'new-password-1');
  expect(fetchMock).not.toHaveBeenCalled();
  expect($toasts.get()[0]).toMatchObject({ type: 'error', message: 'Invalid or expired token. Please try again.' });
});
