import { useEffect, useState } from 'react';
import { failureToast } from '../../lib/action-toasts.ts';
import { listCountries } from '../../lib/api/countries.ts';
import { listCurrencies } from '../../lib/api/currencies.ts';
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
    listCountries({ all: true, enabled: true }).then(
      (page) => active && setCountries(page.items),
      (error: unknown) => {
        if (!active) return;
        setCountries([]);
        showToast(failureToast(error, 'Could not load countries.'));
      },
    );
    if (withCurrencies) {
      listCurrencies({ all: true, enabled: true }).then(
        (page) => active && setCurrencies(page.items),
        (error: unknown) => {
          if (!active) return;
          setCurrencies([]);
          showToast(failureToast(error, 'Could not load currencies.'));
        },
      );
    }
    return () => {
      active = false;
    };
  }, [withCurrencies]);

  return { countries, currencies };
}
