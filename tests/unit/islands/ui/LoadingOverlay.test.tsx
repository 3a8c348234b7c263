// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import LoadingOverlay from '../../../../src/islands/ui/LoadingOverlay.tsx';
import { $loading, startLoading, stopLoading } from '../../../../src/lib/stores/loading.ts';

afterEach(() => {
  cleanup();
  $loading.set({ count: 0, message: '' });
});

test('shows the latest message while any operation runs and hides after the last stop', () => {
  const { container } = render(<LoadingOverlay />);
  expect(container.innerHTML).toBe('');
  act(() => {
    startLoading('Saving settings...');
    startLoading('Uploading logo...');
  });
  expect(screen.getByRole('status').textContent).toContain('Uploading logo...');
  act(() => stopLoading());
  expect(screen.getByRole('status')).toBeTruthy();
  act(() => stopLoading());
  expect(container.innerHTML).toBe('');
});
