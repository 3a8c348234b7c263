// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { $toasts, clearToasts } from '../../../src/lib/stores/toasts.ts';
import { initForgotPasswordPage } from '../../../src/page-scripts/forgot-password-page.ts';
import { stubFetch } from '../support/fetch.ts';

function mount() {
  document.body.innerHTML = `
    <form id="f"><input name="email" type="email" required /><button type="submit">Send Reset Link</button></form>
    <div id="sent" tabindex="-1" hidden><p>Please check your inbox for further instructions.</p><a href="/login">Back to login</a></div>`;
  const form = document.getElementById('f') as HTMLFormElement;
  const sent = document.getElementById('sent') as HTMLElement;
  initForgotPasswordPage(form, sent);
  (form.elements.namedItem('email') as HTMLInputElement).value = 'ama@payrail.test';
  return { form, sent };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('on success the form hides, the inbox notice shows and a success toast appears', async () => {
  const { requests } = stubFetch({ body: { message: 'ok' } });
  const { form, sent } = mount();
  form.dispatchEvent(new Event('submit', { cancelable: true }));
  await vi.waitFor(() => expect(form.hidden).toBe(true));
  expect(sent.hidden).toBe(false);
  expect(requests[0]).toMatchObject({ url: '/api/auth/forgot-password', body: { email: 'ama@payrail.test' } });
  expect($toasts.get()).toMatchObject([{ type: 'success', message: 'If an account exists for this email, a reset link has been sent.' }]);
});

test('on failure the form stays and an error toast appears', async () => {
  stubFetch({ status: 429, body: { message: 'Too many requests' } });
  const { form, sent } = mount();
  form.dispatchEvent(new Event('submit', { cancelable: true }));
  await vi.waitFor(() => expect($toasts.get()).toHaveLength(1));
  expect($toasts.get()[0]).toMatchObject({ type: 'error', message: 'An error occurred. Please try again.' });
  expect(form.hidden).toBe(false);
  expect(sent.hidden).toBe(true);
  expect((form.querySelector('button') as HTMLButtonElement).disabled).toBe(false);
});
