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
}

/** Prev/Next paging with a page-size select (10, 25, 50, 100). */
export default function Pager({ page, pageSize, total, onChange, sizeLabel = 'Rows per page' }: PagerProps) {
  const sizeId = useId();
  const { from, to } = pageRange(page, pageSize, total);
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
          {from}–{to} of {total}
        </span>
      </div>
      <div className="pager__nav">
        <span>
          Page {page} of {pageCount(total, pageSize)}
        </span>
        <button type="button" className="btn btn--sm" disabled={!hasPrevPage(page)} onClick={() => onChange({ page: page - 1, pageSize })}>
          Prev
        </button>
        <button
          type="button"
          className="btn btn--sm"
          disabled={!hasNextPage(page, total, pageSize)}
          onClick={() => onChange({ page: page + 1, pageSize })}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
