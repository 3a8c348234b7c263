import { useCallback, useEffect, useState } from 'react';
import { filtersFromSearch, searchFromFilters, type PaymentFilterState } from '../../lib/payment-filters.ts';

/**
 * The payments list's filters, kept in the page's URL query: a change is a new history entry (Back returns to the
 * filters before it), a reload or a shared link opens the same list. A change of any filter starts again at page 1.
 */
export function usePaymentFilters(): [PaymentFilterState, (change: Partial<PaymentFilterState>) => void] {
  const [state, setState] = useState<PaymentFilterState>(() => filtersFromSearch(window.location.search));

  useEffect(() => {
    const onPopState = () => setState(filtersFromSearch(window.location.search));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const change = useCallback((partial: Partial<PaymentFilterState>) => {
    setState((was) => {
      const paging = 'page' in partial || 'pageSize' in partial;
      const next = { ...was, ...partial, ...(paging ? {} : { page: 1 }) };
      const search = searchFromFilters(next);
      if (search !== window.location.search) window.history.pushState(null, '', `${window.location.pathname}${search}`);
      return next;
    });
  }, []);

  return [state, change];
}
