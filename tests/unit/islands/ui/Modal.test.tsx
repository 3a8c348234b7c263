// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import Modal from '../../../../src/islands/ui/Modal.tsx';

afterEach(cleanup);

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Create Organisation</button>
      <Modal
        open={open}
        title="Create Organisation"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={<button>Save</button>}
      >
        <label>
          Name <input />
        </label>
      </Modal>
    </>
  );
}

test('opens as a modal dialog labelled by its title', () => {
  render(<Harness />);
  fireEvent.click(screen.getByRole('button', { name: 'Create Organisation' }));
  const dialog = document.querySelector('dialog') as HTMLDialogElement;
  expect(dialog.open).toBe(true);
  const titleId = dialog.getAttribute('aria-labelledby');
  expect(titleId && document.getElementById(titleId)?.textContent).toBe('Create Organisation');
  expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  // Focus starts on the first field rather than the close button.
  expect(document.activeElement).toBe(screen.getByLabelText('Name'));
});

test('Escape closes it and focus returns to the button that opened it', () => {
  const onClose = vi.fn();
  render(<Harness onClose={onClose} />);
  const opener = screen.getByRole('button', { name: 'Create Organisation' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = document.querySelector('dialog') as HTMLDialogElement;
  fireEvent.keyDown(dialog, { key: 'Escape' });
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(dialog.open).toBe(false);
  expect(document.activeElement).toBe(opener);
  expect(screen.queryByLabelText('Name')).toBeNull();
});

test('the close button and the native cancel event close it too', () => {
  const onClose = vi.fn();
  render(<Harness onClose={onClose} />);
  fireEvent.click(screen.getByRole('button', { name: 'Create Organisation' }));
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(onClose).toHaveBeenCalledTimes(1);

  fireEvent.click(screen.getByRole('button', { name: 'Create Organisation' }));
  const dialog = document.querySelector('dialog') as HTMLDialogElement;
  fireEvent(dialog, new Event('cancel', { cancelable: true }));
  expect(onClose).toHaveBeenCalledTimes(2);
  expect(dialog.open).toBe(false);
});
