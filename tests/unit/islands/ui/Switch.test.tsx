// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import Switch from '../../../../src/islands/ui/Switch.tsx';

afterEach(cleanup);

test('a switch named by its label, announcing its state through aria-checked', () => {
  const onChange = vi.fn();
  const { rerender } = render(<Switch checked label="Kenya enabled" onChange={onChange} />);
  const control = screen.getByRole('switch', { name: 'Kenya enabled' });
  expect(control.getAttribute('aria-checked')).toBe('true');
  expect(control.textContent).toContain('Enabled');
  fireEvent.click(control);
  expect(onChange).toHaveBeenCalledWith(false);

  rerender(<Switch checked={false} label="Kenya enabled" onChange={onChange} />);
  expect(control.getAttribute('aria-checked')).toBe('false');
  expect(control.textContent).toContain('Disabled');
  fireEvent.click(control);
  expect(onChange).toHaveBeenLastCalledWith(true);
});

test('while busy it is disabled and marked busy', () => {
  render(<Switch checked busy label="Kenya enabled" onChange={() => {}} />);
  const control = screen.getByRole<HTMLButtonElement>('switch', { name: 'Kenya enabled' });
  expect(control.disabled).toBe(true);
  expect(control.getAttribute('aria-busy')).toBe('true');
});
