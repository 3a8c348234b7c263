// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { queueFlashToast } from '../../../src/lib/stores/flash.ts';
import { clearToasts, showToast } from '../../../src/lib/stores/toasts.ts';
import { mountToastView } from '../../../src/page-scripts/toast-view.ts';

let region: HTMLElement;
let unmount: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = '<div id="toasts" role="status" aria-live="polite" aria-label="Notifications"></div>';
  region = document.getElementById('toasts') as HTMLElement;
});

afterEach(() => {
  unmount();
  clearToasts();
  sessionStorage.clear();
  vi.useRealTimers();
});

test('toasts render with type, title and message, and leave on their own', () => {
  unmount = mountToastView(region);
  showToast({ type: 'error', title: 'Login failed', message: 'Invalid email or password.' });
  const toast = region.querySelector('.toast--error');
  expect(toast?.querySelector('.toast__title')?.textContent).toBe('Login failed');
  expect(toast?.querySelector('.toast__message')?.textContent).toBe('Invalid email or password.');
  vi.advanceTimersByTime(7000);
  expect(region.children).toHaveLength(0);
});

test('the close button dismisses a toast', () => {
  unmount = mountToastView(region);
  showToast({ type: 'info', message: 'Copied' });
  (region.querySelector('button[aria-label="Dismiss notification"]') as HTMLButtonElement).click();
  expect(region.children).toHaveLength(0);
});

test('a toast parked by the previous page shows on mount', () => {
  queueFlashToast({ type: 'success', message: 'Your password has been reset successfully!' });
  unmount = mountToastView(region);
  expect(region.querySelector('.toast--success')?.textContent).toContain('Your password has been reset successfully!');
});
