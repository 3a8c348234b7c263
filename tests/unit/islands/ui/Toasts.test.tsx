// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import Toasts from '../../../../src/islands/ui/Toasts.tsx';
import { queueFlashToast } from '../../../../src/lib/stores/flash.ts';
import { clearToasts, showToast } from '../../../../src/lib/stores/toasts.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  clearToasts();
  sessionStorage.clear();
  vi.useRealTimers();
});

test('renders toasts in a polite live region named Notifications', () => {
  render(<Toasts />);
  act(() => {
    showToast({ type: 'success', title: 'Saved', message: 'Profile updated successfully!' });
  });
  const region = screen.getByRole('status', { name: 'Notifications' });
  expect(region.getAttribute('aria-live')).toBe('polite');
  expect(region.querySelector('.toast--success')?.textContent).toContain('Profile updated successfully!');
  expect(screen.getByText('Saved')).toBeTruthy();
});

test('the close button dismisses; the timer dismisses the rest', () => {
  render(<Toasts />);
  act(() => {
    showToast({ type: 'info', message: 'Copied' });
    showToast({ type: 'error', message: 'Failed to save settings.' });
  });
  fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss notification' })[0] as HTMLElement);
  expect(screen.queryByText('Copied')).toBeNull();
  act(() => {
    vi.advanceTimersByTime(7000);
  });
  expect(screen.queryByText('Failed to save settings.')).toBeNull();
});

test('shows a toast parked by the previous page', () => {
  queueFlashToast({ type: 'success', message: 'Your password has been reset successfully!' });
  render(<Toasts />);
  expect(screen.getByText('Your password has been reset successfully!')).toBeTruthy();
});
