import { useId } from 'react';
import { hasNextPage, hasPrevPage, pageCount, pageRange, PAGE_SIZE_OPTIONS, withPageSize, type PageState } from '../../lib/paging.ts';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** Called with the next page state; a page-size change always comes back on page 1. */
  onChange: (next: PageState) => void;
  /** What the rows are, for the labels ("Rows per page" by default). */
  sizeLabel?: string;
  /**
   * The server stopped counting at `total` (its cap): pages go on while they come back full, and the labels say
   * "of 1,000+" with no last page. `shown` is the number of rows on this page.
   */
  capped?: { shown: number };
}

/** Prev/Next paging with a page-size select (10, 25, 50, 100). */
export default function Pager({ page, pageSize, total, onChange, sizeLabel = 'Rows per page', capped }: PagerProps) {
  const sizeId = useId();
  const { from, to } = capped
    ? { from: capped.shown === 0 ? 0 : (page - 1) * pageSize + 1, to: (page - 1) * pageSize + capped.shown }
    : pageRange(page, pageSize, total);
  const hasNext = capped ? capped.shown === pageSize : hasNextPage(page, total, pageSize);
  return (
    <nav className="pager" aria-label="Pagination">
      <div className="pager__size">
        <label htmlFor={sizeId}>{sizeLabel}</label>
        <select id={sizeId} className="select" value={pageSize} onChange={(event) => onChange(withPageSize(Number(event.target.value)))}>
          {PAGE_SIZE_OPTIONS.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <span aria-live="polite">
          {from}–{to} of {capped ? `${total.toLocaleString('en-GH')}+` : total}
        </span>
      </div>
      <div className="pager__nav">
        <span>{capped ? `Page ${page}` : `Page ${page} of ${pageCount(total, pageSize)}`}</span>
        <button type="button" className="btn btn--sm" disabled={!hasPrevPage(page)} onClick={() => onChange({ page: page - 1, pageSize })}>
          Prev
        </button>
        <button type="button" className="btn btn--sm" disabled={!hasNext} onClick={() => onChange({ page: page + 1, pageSize })}>
          Next
        </button>
      </div>
    </nav>
  );
}
