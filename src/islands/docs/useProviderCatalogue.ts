import { useEffect, useState } from 'react';
import { listProviders } from '../../lib/api/providers.ts';
import type { Provider } from '../../lib/api/types.ts';

export interface ProviderCatalogue {
  providers: Provider[];
  /** 'loading', 'ready' or 'failed' (then the list is empty). */
  state: 'loading' | 'ready' | 'failed';
}

let pending: Promise<Provider[]> | undefined;

/** GET /psp once per page for the docs' superadmin islands (samples and the test tool share it). */
function loadOnce(): Promise<Provider[]> {
  pending ??= listProviders().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

/** The provider catalogue (superadmin only: the caller renders this for superadmins). */
export function useProviderCatalogue(): ProviderCatalogue {
  const [catalogue, setCatalogue] = useState<ProviderCatalogue>({ providers: [], state: 'loading' });
  useEffect(() => {
    let active = true;
    loadOnce()
      .then((providers) => {
        if (active) setCatalogue({ providers, state: 'ready' });
      })
      .catch(() => {
        if (active) setCatalogue({ providers: [], state: 'failed' });
      });
    return () => {
      active = false;
    };
  }, []);
  return catalogue;
}
