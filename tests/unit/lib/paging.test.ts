import { expect, test } from 'vitest';
import {
  clampPage,
  hasNextPage,
  hasPrevPage,
  pageCount,
  pageRange,
  paginate,
  PAGE_SIZE_OPTIONS,
  withPageSize,
} from '../../../src/lib/paging.ts';

test('page sizes are 10, 25, 50 and 100', () => {
  expect(PAGE_SIZE_OPTIONS).toEqual([10, 25, 50, 100]);
});

test('page count is at least 1', () => {
  expect(pageCount(0, 10)).toBe(1);
  expect(pageCount(10, 10)).toBe(1);
  expect(pageCount(11, 10)).toBe(2);
  expect(pageCount(101, 25)).toBe(5);
});

test('pages are clamped between 1 and the last page', () => {
  expect(clampPage(0, 30, 10)).toBe(1);
  expect(clampPage(9, 30, 10)).toBe(3);
  expect(clampPage(2, 30, 10)).toBe(2);
});

test('prev and next exist only inside the range', () => {
  expect(hasPrevPage(1)).toBe(false);
  expect(hasPrevPage(2)).toBe(true);
  expect(hasNextPage(3, 30, 10)).toBe(false);
  expect(hasNextPage(2, 30, 10)).toBe(true);
  expect(hasNextPage(1, 0, 10)).toBe(false);
});

test('the range shown is 1-based and ends at the total', () => {
  expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  expect(pageRange(1, 10, 42)).toEqual({ from: 1, to: 10 });
  expect(pageRange(5, 10, 42)).toEqual({ from: 41, to: 42 });
});

test('changing the page size goes back to page 1', () => {
  expect(withPageSize(50)).toEqual({ page: 1, pageSize: 50 });
});

test('paginate slices rows for client-side paging', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i + 1);
  expect(paginate(rows, 1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect(paginate(rows, 3, 10)).toEqual([21, 22, 23]);
  expect(paginate(rows, 9, 10)).toEqual([21, 22, 23]);
  expect(paginate([], 1, 10)).toEqual([]);
});
