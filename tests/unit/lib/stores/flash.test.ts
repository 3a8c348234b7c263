// @vitest-environment happy-dom
import { afterEach, expect, test } from 'vitest';
import { queueFlashToast, showFlashToast } from '../../../../src/lib/stores/flash.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';

afterEach(() => {
  clearToasts();
  sessionStorage.clear();
});

test('a parked toast is shown once, on the next page', () => {
  queueFlashToast({ type: 'success', message: 'Your password has been reset successfully!' });
  expect($toasts.get()).toHaveLength(0);
  expect(showFlashToast()).not.toBeNull();
  expect($toasts.get()).toMatchObject([{ type: 'success', message: 'Your password has been reset successfully!' }]);
  expect(showFlashToast()).toBeNull();
  expect($toasts.get()).toHaveLength(1);
});

test('nothing parked, or something unreadable, shows nothing', () => {
  expect(showFlashToast()).toBeNull();
  sessionStorage.setItem('payrail.flashToast', '{not json');
  expect(showFlashToast()).toBeNull();
  sessionStorage.setItem('payrail.flashToast', JSON.stringify({ type: 'weird', message: 1 }));
  expect(showFlashToast()).toBeNull();
  expect($toasts.get()).toHaveLength(0);
});
