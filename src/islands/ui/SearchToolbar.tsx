import { useId, type ReactNode } from 'react';
import { SearchIcon } from './icons.tsx';

export interface SearchToolbarProps {
  /** The search box's accessible name, e.g. "Search organisations". */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /**
   * The live count beside the box once the list has loaded: "3 organisations", "1 user found" when filtered,
   * "1,000+ payments found" when the server stopped counting at its cap.
   */
  count: { loaded: boolean; total: number; noun: string; filtered: boolean; capped?: boolean };
  /** Filters that sit with the search box (the payments' status); they are grouped with it. */
  filters?: ReactNode;
}

/** The toolbar above a searchable list: a labelled search box, optional filters, and the count of what it found. */
export default function SearchToolbar({ label, placeholder, value, onChange, count, filters }: SearchToolbarProps) {
  const searchId = useId();
  const search = (
    <>
      <label htmlFor={searchId} className="visually-hidden">
        {label}
      </label>
      <div className="search-input">
        <SearchIcon />
        <input
          id={searchId}
          className="input"
          type="search"
          placeholder={placeholder}
          autoComplete="off"
          maxLength={200}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </>
  );
  return (
    <div className="toolbar" role="search">
      {filters === undefined ? (
        search
      ) : (
        <div className="toolbar__filters">
          {search}
          {filters}
        </div>
      )}
      {count.loaded ? (
        <span className="toolbar__count" aria-live="polite">
          {count.capped ? `${count.total.toLocaleString('en-GH')}+` : count.total} {count.noun}
          {count.total === 1 && !count.capped ? '' : 's'}
          {count.filtered ? ' found' : ''}
        </span>
      ) : null}
    </div>
  );
}
