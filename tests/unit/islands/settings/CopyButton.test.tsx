// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import CopyButton from '../../../../src/islands/settings/CopyButton.tsx';
import { clearToasts } from '../../../../src/lib/stores/toasts.ts';

afterEach(() => {
  cleanup();
  clearToasts();
  vi.unstubAllGlobals();
});

test("names the button after its visible word, 'Copy' and then 'Copied' (label in name)", async () => {
  const writeText = vi.fn(() => Promise.resolve());
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  render(<CopyButton text="https://pay.example/pay/abc" what="Checkout URL" />);

  const button = screen.getByRole('button', { name: 'Copy Checkout URL' });
  expect(button.textContent).toBe('Copy');
  fireEvent.click(button);

  const copied = await screen.findByRole('button', { name: 'Copied Checkout URL' });
  expect(copied.textContent).toBe('Copied');
  expect(writeText).toHaveBeenCalledWith('https://pay.example/pay/abc');
});
