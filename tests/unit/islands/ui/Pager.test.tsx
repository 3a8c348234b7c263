// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import Pager from '../../../../src/islands/ui/Pager.tsx';

afterEach(cleanup);

test('shows where we are and offers the four page sizes', () => {
  render(<Pager page={2} pageSize={10} total={42} onChange={() => {}} />);
  expect(screen.getByText('Page 2 of 5')).toBeTruthy();
  expect(screen.getByText('11–20 of 42')).toBeTruthy();
  const select = screen.getByLabelText<HTMLSelectElement>('Rows per page');
  expect([...select.options].map((o) => o.value)).toEqual(['10', '25', '50', '100']);
  expect(select.value).toBe('10');
});

test('Prev and Next move one page and are disabled at the ends', () => {
  const onChange = vi.fn();
  const { rerender } = render(<Pager page={1} pageSize={10} total={25} onChange={onChange} />);
  const prev = screen.getByRole<HTMLButtonElement>('button', { name: 'Prev' });
  const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Next' });
  expect(prev.disabled).toBe(true);
  fireEvent.click(next);
  expect(onChange).toHaveBeenLastCalledWith({ page: 2, pageSize: 10 });

  rerender(<Pager page={3} pageSize={10} total={25} onChange={onChange} />);
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Prev' }));
  expect(onChange).toHaveBeenLastCalledWith({ page: 2, pageSize: 10 });
});

test('changing the page size goes back to page 1', () => {
  const onChange = vi.fn();
  render(<Pager page={4} pageSize={10} total={200} onChange={onChange} />);
  fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
  expect(onChange).toHaveBeenCalledWith({ page: 1, pageSize: 50 });
});

test('an empty list is page 1 of 1 with both buttons disabled', () => {
  render(<Pager page={1} pageSize={25} total={0} onChange={() => {}} />);
  expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Prev' }).disabled).toBe(true);
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
});
