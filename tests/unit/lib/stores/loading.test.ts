import { afterEach, expect, test } from 'vitest';
import { $loading, startLoading, stopLoading, withLoading } from '../../../../src/lib/stores/loading.ts';

afterEach(() => $loading.set({ count: 0, message: '' }));

test('the overlay is counted: it stays up until every start has its stop', () => {
  startLoading('Saving settings...');
  startLoading('Uploading logo...');
  expect($loading.get()).toEqual({ count: 2, message: 'Uploading logo...' });
  stopLoading();
  expect($loading.get().count).toBe(1);
  stopLoading();
  expect($loading.get()).toEqual({ count: 0, message: '' });
});

test('extra stops never go below zero', () => {
  stopLoading();
  expect($loading.get().count).toBe(0);
  startLoading();
  expect($loading.get()).toEqual({ count: 1, message: 'Loading...' });
});

test('withLoading lowers the overlay even when the task fails', async () => {
  await expect(
    withLoading('Deleting...', async () => {
      expect($loading.get()).toEqual({ count: 1, message: 'Deleting...' });
      throw new Error('nope');
    }),
  ).rejects.toThrow('nope');
  expect($loading.get().count).toBe(0);
  await expect(withLoading('Loading...', async () => 7)).resolves.toBe(7);
});
