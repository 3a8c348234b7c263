import { useEffect, useState } from 'react';
import { listCurrencies } from '../../lib/api/currencies.ts';
import { listGateways } from '../../lib/api/gateways.ts';

export interface FilterChoices {
  gateways: { id: number; name: string }[];
  currencies: string[];
}

/**
 * What the gateway and currency filters offer: the gateways the caller sees (a superadmin: the global ones; an
 * orgadmin: the organisation's) and the platform's currencies. A failure leaves a list empty (the filter then offers
 * "All" only; a gateway id from a shared link still filters).
 */
export function usePaymentFilterChoices(superadmin: boolean): FilterChoices {
  const [choices, setChoices] = useState<FilterChoices>({ gateways: [], currencies: [] });
  useEffect(() => {
    let active = true;
    void Promise.allSettled([listGateways(superadmin ? 'global' : 'organisation'), listCurrencies({ all: true })]).then(
      ([gateways, currencies]) => {
        if (!active) return;
        setChoices({
          gateways:
            gateways.status === 'fulfilled' && Array.isArray(gateways.value) ? gateways.value.map(({ id, name }) => ({ id, name })) : [],
          currencies: currencies.status === 'fulfilled' ? currencies.value.items.map((currency) => currency.code) : [],
        });
      },
    );
    return () => {
      active = false;
    };
  }, [superadmin]);
  return choices;
}
