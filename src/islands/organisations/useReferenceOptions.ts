import { useEffect, useState } from 'react';
import { failureToast } from '../../lib/action-toasts.ts';
import { listCountries, type ReferenceQuery } from '../../lib/api/countries.ts';
import { listCurrencies } from '../../lib/api/currencies.ts';
import type { ListPage } from '../../lib/api/list.ts';
import type { Country, Currency } from '../../lib/api/types.ts';
import { showToast } from '../../lib/stores/toasts.ts';

export interface ReferenceOptions {
  /** Enabled countries; null while loading. */
  countries: Country[] | null;
  /** Enabled currencies; null while loading (unless not wanted). */
  currencies: Currency[] | null;
}

/** Loads the enabled countries (and currencies) an organisation form offers, once per opening. */
export function useReferenceOptions({ withCurrencies }: { withCurrencies: boolean }): ReferenceOptions {
  const [countries, setCountries] = useState<Country[] | null>(null);
  const [currencies, setCurrencies] = useState<Currency[] | null>(null);

  useEffect(() => {
    let active = true;
    const loadEnabled = <Item>(list: (query: ReferenceQuery) => Promise<ListPage<Item>>, show: (items: Item[]) => void, failure: string) =>
      list({ all: true, enabled: true }).then(
        (page) => active && show(page.items),
        (error: unknown) => {
          if (!active) return;
          show([]);
          showToast(failureToast(error, failure));
        },
      );
    void loadEnabled(listCountries, setCountries, 'Could not load countries.');
    if (withCurrencies) void loadEnabled(listCurrencies, setCurrencies, 'Could not load currencies.');
    return () => {
      active = false;
    };
  }, [withCurrencies]);

  return { countries, currencies };
}
