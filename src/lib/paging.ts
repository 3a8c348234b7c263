import { DEFAULT_PAGE_SIZE } from './constants.ts';

export { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from './constants.ts';

export interface PageState {
  page: number;
  pageSize: number;
}

function validSize(pageSize: number): number {
  return Number.isFinite(pageSize) && pageSize > 0 ? Math.floor(pageSize) : DEFAULT_PAGE_SIZE;
}

/** Number of pages for `total` rows; at least 1 so an empty list still shows "page 1 of 1". */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / validSize(pageSize)));
}

/** `page` kept between 1 and the last page. */
export function clampPage(page: number, total: number, pageSize: number): number {
  const whole = Number.isFinite(page) ? Math.floor(page) : 1;
  return Math.min(Math.max(1, whole), pageCount(total, pageSize));
}

/** Whether a previous page exists. */
export function hasPrevPage(page: number): boolean {
  return page > 1;
}

/** Whether a next page exists. */
export function hasNextPage(page: number, total: number, pageSize: number): boolean {
  return page < pageCount(total, pageSize);
}

/** 1-based positions of the first and last row shown ({from: 0, to: 0} when empty). */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const size = validSize(pageSize);
  const from = (clampPage(page, total, size) - 1) * size + 1;
  return { from, to: Math.min(total, from + size - 1) };
}

/** New state after the page size changes: always back to page 1 (docs/console.md#screens System Logs). */
export function withPageSize(pageSize: number): PageState {
  return { page: 1, pageSize: validSize(pageSize) };
}

/** The rows of one page, for lists paged in the browser. */
export function paginate<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const size = validSize(pageSize);
  const start = (clampPage(page, rows.length, size) - 1) * size;
  return rows.slice(start, start + size);
}
