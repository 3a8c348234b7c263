import { useCallback, useEffect, useRef, useState } from 'react';
import { failureToast } from '../../lib/action-toasts.ts';
import type { ListPage } from '../../lib/api/list.ts';
import { DEFAULT_PAGE_SIZE, clampPage, type PageState } from '../../lib/paging.ts';
import { withLoading } from '../../lib/stores/loading.ts';
import { showToast } from '../../lib/stores/toasts.ts';

export interface PagedListOptions<Row> {
  /** Loads one page (the latest function is always used, so it may close over a search text). */
  fetchPage: (paging: PageState) => Promise<ListPage<Row>>;
  /** When this changes (e.g. the search text) the list reloads from page 1. */
  filterKey?: string;
  /** Message of the full-screen overlay during the first load. */
  loadingMessage: string;
  /** Error toast when a page cannot be loaded (docs/console.md#messages, e.g. 'Could not load countries.'); null: only logged (log screens). */
  errorMessage: string | null;
}

export interface PagedList<Row> extends PageState {
  rows: Row[];
  total: number;
  /** False until the first load has finished (so the empty state never flashes). */
  loaded: boolean;
  /** True while a page is loading. */
  busy: boolean;
  /** Moves to another page or page size (the pager's onChange). */
  setPaging: (next: PageState) => void;
  /** Loads the current page again (after a create, edit or delete). */
  reload: () => void;
  /** Swaps one row in place (after a toggle), without reloading. */
  replaceRow: (matches: (row: Row) => boolean, row: Row) => void;
}

interface Query extends PageState {
  filterKey: string;
}

/** The state of a server-paged list: page, size, rows, total, with loading and failure handled. */
export function usePagedList<Row>({ fetchPage, filterKey = '', loadingMessage, errorMessage }: PagedListOptions<Row>): PagedList<Row> {
  const [query, setQuery] = useState<Query>({ page: 1, pageSize: DEFAULT_PAGE_SIZE, filterKey });
  const [data, setData] = useState<{ rows: Row[]; total: number; loaded: boolean }>({ rows: [], total: 0, loaded: false });
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const messages = useRef({ loadingMessage, errorMessage });
  messages.current = { loadingMessage, errorMessage };
  const hasLoaded = useRef(false);

  // A new filter starts again from page 1 (adjusting state during render, before any fetch).
  if (query.filterKey !== filterKey) setQuery({ ...query, page: 1, filterKey });

  useEffect(() => {
    let active = true;
    const paging = { page: query.page, pageSize: query.pageSize };
    const load = () => fetchRef.current(paging);
    setBusy(true);
    // The overlay covers only the first load; later pages load in place.
    (hasLoaded.current ? load() : withLoading(messages.current.loadingMessage, load))
      .then((result) => {
        if (!active) return;
        hasLoaded.current = true;
        if (result.items.length === 0 && result.total > 0 && paging.page > 1) {
          // Past the end (the last row of the last page was deleted): step back.
          setQuery((was) => ({ ...was, page: clampPage(was.page, result.total, was.pageSize) }));
          return;
        }
        setData({ rows: result.items, total: result.total, loaded: true });
      })
      .catch((error: unknown) => {
        if (!active) return;
        const { errorMessage } = messages.current;
        if (errorMessage !== null) showToast(failureToast(error, errorMessage));
        setData((was) => ({ ...was, loaded: true }));
      })
      .finally(() => {
        if (active) setBusy(false);
      });
    return () => {
      active = false;
    };
  }, [query, version]);

  const setPaging = useCallback((next: PageState) => setQuery((was) => ({ ...was, ...next })), []);
  const reload = useCallback(() => setVersion((was) => was + 1), []);
  const replaceRow = useCallback(
    (matches: (row: Row) => boolean, row: Row) =>
      setData((was) => ({ ...was, rows: was.rows.map((item) => (matches(item) ? row : item)) })),
    [],
  );

  return { ...data, page: query.page, pageSize: query.pageSize, busy, setPaging, reload, replaceRow };
}
