import { useCallback, useEffect, useState } from 'react';
import { messageOr } from '../../lib/api/errors.ts';
import { listRefunds, type Refund } from '../../lib/api/refunds.ts';
import { REFUNDS_LOAD_FAILED } from '../../lib/refund-form.ts';

export type RefundsState = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; items: Refund[] };

/** A payment's refunds, newest first, and a way to read them again after a refund. */
export function usePaymentRefunds(reference: string | null) {
  const [refunds, setRefunds] = useState<RefundsState>({ state: 'loading' });
  const reload = useCallback(async () => {
    if (reference === null) return;
    try {
      setRefunds({ state: 'loaded', items: await listRefunds(reference) });
    } catch (error) {
      setRefunds({ state: 'failed', message: messageOr(error, REFUNDS_LOAD_FAILED) });
    }
  }, [reference]);
  useEffect(() => void reload(), [reload]);
  return { refunds, reload };
}
