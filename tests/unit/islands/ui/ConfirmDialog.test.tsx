// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import ConfirmDialog from '../../../../src/islands/ui/ConfirmDialog.tsx';

afterEach(cleanup);

const message = 'Are you sure you want to delete this batch? This cannot be undone.';

test('shows the question with Cancel focused, so Enter does not delete', () => {
  render(<ConfirmDialog open message={message} onConfirm={() => {}} onCancel={() => {}} />);
  expect(screen.getByText(message)).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
});

test('Delete confirms, Cancel and Escape cancel', () => {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(<ConfirmDialog open message={message} onConfirm={onConfirm} onCancel={onCancel} />);
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  fireEvent.keyDown(document.querySelector('dialog') as HTMLDialogElement, { key: 'Escape' });
  expect(onCancel).toHaveBeenCalledTimes(2);
  expect(onConfirm).toHaveBeenCalledTimes(1);
});

test('labels can change and busy disables both buttons', () => {
  render(
    <ConfirmDialog
      open
      busy
      title="Activate batch"
      message="Activate?"
      confirmLabel="Activate"
      tone="primary"
      onConfirm={() => {}}
      onCancel={() => {}}
    />,
  );
  expect(screen.getByText('Activate batch')).toBeTruthy();
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Activate' }).disabled).toBe(true);
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
});

test('renders nothing inside the dialog while closed', () => {
  render(<ConfirmDialog open={false} message={message} onConfirm={() => {}} onCancel={() => {}} />);
  expect(screen.queryByText(message)).toBeNull();
  expect((document.querySelector('dialog') as HTMLDialogElement).open).toBe(false);
});
