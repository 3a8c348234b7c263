import type { Static, TSchema } from 'typebox';
import { DEFAULT_PAGE_SIZE } from '../constants.ts';

/** A list endpoint's query string as the console sends it: the pager holds the page size as any number. */
export type ListQuery<Schema extends TSchema> = Omit<Static<Schema>, 'pageSize'> & { pageSize?: number };

/** One page of a list, whatever shape the server answered with. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

const LIST_KEYS = ['items', 'data', 'results', 'rows', 'list'] as const;

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** Accepts a bare array or an object holding the list under items/data/results/rows/list (docs/console.md#entities). */
export function normaliseList<T = unknown>(body: unknown): ListPage<T> {
  if (Array.isArray(body)) {
    return { items: body as T[], total: body.length, page: 1, pageSize: DEFAULT_PAGE_SIZE };
  }
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const key = LIST_KEYS.find((k) => Array.isArray(record[k]));
  const items = (key ? record[key] : []) as T[];
  return {
    items,
    total: positiveInt(record['total']) ?? positiveInt(record['count']) ?? items.length,
    page: positiveInt(record['page']) || 1,
    pageSize: positiveInt(record['pageSize']) || positiveInt(record['limit']) || DEFAULT_PAGE_SIZE,
  };
}
