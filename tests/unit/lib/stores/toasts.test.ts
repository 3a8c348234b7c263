import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { $toasts, clearToasts, dismissToast, showToast } from '../../../../src/lib/stores/toasts.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

test('a toast shows at once and leaves after 4000 ms', () => {
  showToast({ type: 'success', message: 'Changes saved' });
  expect($toasts.get()).toMatchObject([{ type: 'success', message: 'Changes saved' }]);
  vi.advanceTimersByTime(3999);
  expect($toasts.get()).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect($toasts.get()).toHaveLength(0);
});

test('info toasts also last 4000 ms', () => {
  showToast({ type: 'info', message: 'Copied' });
  vi.advanceTimersByTime(4000);
  expect($toasts.get()).toHaveLength(0);
});

test('error toasts stay 7000 ms', () => {
  showToast({ type: 'error', title: 'Login failed', message: 'Invalid email or password.' });
  vi.advanceTimersByTime(6999);
  expect($toasts.get()).toMatchObject([{ title: 'Login failed' }]);
  vi.advanceTimersByTime(1);
  expect($toasts.get()).toHaveLength(0);
});

test('dismissToast removes one toast now and leaves the others', () => {
  const first = showToast({ type: 'info', message: 'one' });
  showToast({ type: 'error', message: 'two' });
  dismissToast(first);
  expect($toasts.get().map((t) => t.message)).toEqual(['two']);
  vi.advanceTimersByTime(4000);
  expect($toasts.get().map((t) => t.message)).toEqual(['two']);
});

test('each toast gets its own id', () => {
  const a = showToast({ type: 'info', message: 'a' });
  const b = showToast({ type: 'info', message: 'b' });
  expect(a).not.toBe(b);
});
