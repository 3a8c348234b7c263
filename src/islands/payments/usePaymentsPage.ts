import { useCallback, useEffect, useRef, useState } from 'react';
import { failureToast } from '../../lib/action-toasts.ts';
import { listFilteredPayments, type ListedPayment, type Payment } from '../../lib/api/payments.ts';
import { PAYMENTS_LOAD_FAILED } from '../../lib/payment-form.ts';
import { apiFiltersOf, type PaymentFilterState } from '../../lib/payment-filters.ts';
import { withLoading } from '../../lib/stores/loading.ts';
import { showToast } from '../../lib/stores/toasts.ts';

export interface PaymentsPage {
  rows: ListedPayment[];
  total: number;
  /** The server stopped counting at its cap: the total reads "1,000+". */
  totalCapped: boolean;
  /** False until the first load has finished (so the empty state never flashes). */
  loaded: boolean;
  busy: boolean;
  reload: () => void;
  /** Updates a shown row in place with what the server answered about it (after Mark as paid). */
  replaceRow: (reference: string, payment: Payment) => void;
}

/** The page of payments the filters (from the URL) ask for, loaded again whenever they change. */
export function usePaymentsPage(filters: PaymentFilterState, errorMessage = PAYMENTS_LOAD_FAILED): PaymentsPage {
  const [data, setData] = useState({ rows: [] as ListedPayment[], total: 0, totalCapped: false, loaded: false });
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const hasLoaded = useRef(false);
  const key = JSON.stringify(filters);

  useEffect(() => {
    let active = true;
    const query = { ...apiFiltersOf(filters, new Date()), page: filters.page, pageSize: filters.pageSize };
    const load = () => listFilteredPayments(query);
    setBusy(true);
    (hasLoaded.current ? load() : withLoading('Loading payments...', load))
      .then((page) => {
        if (!active) return;
        hasLoaded.current = true;
        setData({ rows: page.items, total: page.total, totalCapped: page.totalCapped, loaded: true });
      })
      .catch((error: unknown) => {
        if (!active) return;
        showToast(failureToast(error, errorMessage));
        setData((was) => ({ ...was, loaded: true }));
      })
      .finally(() => {
        if (active) setBusy(false);
      });
    return () => {
      active = false;
    };
    // The key stands for the filters' values: a new object with the same filters loads nothing.
  }, [key, version, errorMessage]);

  const reload = useCallback(() => setVersion((was) => was + 1), []);
  const replaceRow = useCallback(
    (reference: string, payment: Payment) =>
      setData((was) => ({ ...was, rows: was.rows.map((item) => (item.reference === reference ? { ...item, ...payment } : item)) })),
    [],
  );
  return { ...data, busy, reload, replaceRow };
}
