// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { usePagedList } from '../../../../src/islands/ui/usePagedList.ts';
import type { ListPage } from '../../../../src/lib/api/list.ts';
import type { PageState } from '../../../../src/lib/paging.ts';
import { $loading } from '../../../../src/lib/stores/loading.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';

afterEach(() => {
  cleanup();
  clearToasts();
});

/** A server holding `total` numbered rows. */
function server(total: () => number) {
  return vi.fn(({ page, pageSize }: PageState): Promise<ListPage<number>> => {
    const all = Array.from({ length: total() }, (_, i) => i + 1);
    return Promise.resolve({ items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize });
  });
}

test('loads page 1 of 10 under the overlay, then other pages in place', async () => {
  const fetchPage = server(() => 25);
  const { result } = renderHook(() => usePagedList({ fetchPage, loadingMessage: 'Loading rows...', errorMessage: 'Could not load rows.' }));
  expect(result.current.loaded).toBe(false);
  expect($loading.get()).toEqual({ count: 1, message: 'Loading rows...' });
  await waitFor(() => expect(result.current.loaded).toBe(true));
  expect(result.current.rows).toHaveLength(10);
  expect(result.current.total).toBe(25);
  expect($loading.get().count).toBe(0);

  act(() => result.current.setPaging({ page: 3, pageSize: 10 }));
  expect($loading.get().count).toBe(0);
  await waitFor(() => expect(result.current.rows).toEqual([21, 22, 23, 24, 25]));
});

test('a changed filter starts again from page 1', async () => {
  const fetchPage = server(() => 40);
  const { result, rerender } = renderHook(
    ({ filterKey }) => usePagedList({ fetchPage, filterKey, loadingMessage: 'x', errorMessage: 'y' }),
    {
      initialProps: { filterKey: '' },
    },
  );
  await waitFor(() => expect(result.current.loaded).toBe(true));
  act(() => result.current.setPaging({ page: 3, pageSize: 10 }));
  await waitFor(() => expect(result.current.rows[0]).toBe(21));
  rerender({ filterKey: 'acme' });
  expect(result.current.page).toBe(1);
  await waitFor(() => expect(result.current.rows[0]).toBe(1));
  expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, pageSize: 10 });
});

test('after the last row of the last page goes, the list steps back a page', async () => {
  let total = 11;
  const fetchPage = server(() => total);
  const { result } = renderHook(() => usePagedList({ fetchPage, loadingMessage: 'x', errorMessage: 'y' }));
  await waitFor(() => expect(result.current.loaded).toBe(true));
  act(() => result.current.setPaging({ page: 2, pageSize: 10 }));
  await waitFor(() => expect(result.current.rows).toEqual([11]));
  total = 10;
  act(() => result.current.reload());
  await waitFor(() => expect(result.current.page).toBe(1));
  await waitFor(() => expect(result.current.rows).toHaveLength(10));
});

test('a failed load shows the error toast and still counts as loaded', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const fetchPage = vi.fn(() => Promise.reject(new Error('offline')));
  const { result } = renderHook(() => usePagedList<number>({ fetchPage, loadingMessage: 'x', errorMessage: 'Could not load countries.' }));
  await waitFor(() => expect(result.current.loaded).toBe(true));
  expect($toasts.get().map((t) => t.message)).toEqual(['Could not load countries.']);
  expect(result.current.rows).toEqual([]);
});
