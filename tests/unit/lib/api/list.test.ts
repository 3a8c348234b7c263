import { expect, test } from 'vitest';
import { normaliseList } from '../../../../src/lib/api/list.ts';

const rows = [{ id: 1 }, { id: 2 }];

test('a bare array is one page holding everything', () => {
  expect(normaliseList(rows)).toEqual({ items: rows, total: 2, page: 1, pageSize: 10 });
});

test.each(['items', 'data', 'results', 'rows', 'list'])('the list may sit under %s', (key) => {
  expect(normaliseList({ [key]: rows }).items).toBe(rows);
});

test('total, page and pageSize are read when present', () => {
  expect(normaliseList({ items: rows, total: 42, page: 3, pageSize: 25 })).toEqual({ items: rows, total: 42, page: 3, pageSize: 25 });
});

test('count and limit stand in for total and pageSize', () => {
  expect(normaliseList({ data: rows, count: 17, limit: 50 })).toEqual({ items: rows, total: 17, page: 1, pageSize: 50 });
});

test('defaults: page 1, page size 10, total = number of items', () => {
  expect(normaliseList({ results: rows })).toEqual({ items: rows, total: 2, page: 1, pageSize: 10 });
});

test('numeric strings are accepted; nonsense falls back to the defaults', () => {
  expect(normaliseList({ items: rows, total: '30', page: '2', pageSize: '25' })).toMatchObject({ total: 30, page: 2, pageSize: 25 });
  expect(normaliseList({ items: rows, total: -1, page: 0, pageSize: 'x' })).toMatchObject({ total: 2, page: 1, pageSize: 10 });
});

test('anything without a list is an empty page', () => {
  expect(normaliseList(null)).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
  expect(normaliseList({ message: 'ok' })).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
});
