import { useEffect, useState } from 'react';
import { getProviderConstraints, listProviders } from '../../lib/api/providers.ts';
import {
  FALLBACK_PROVIDER_OPTIONS,
  optionsFromConstraints,
  optionsFromProviders,
  type ProviderOption,
} from '../../lib/gateway-providers.ts';
import { showToast } from '../../lib/stores/toasts.ts';

export interface ProviderOptions {
  options: readonly ProviderOption[];
  /** False until the list (or its fallback) is in. */
  loaded: boolean;
}

/**
 * The providers a gateway can use (docs/console.md#roles): a superadmin reads the provider list (with sample configs),
 * anyone else the constraints list. If it cannot be loaded: 'Failed to load providers' and the built-in list.
 */
export function useProviderOptions(superadmin: boolean): ProviderOptions {
  const [state, setState] = useState<ProviderOptions>({ options: [], loaded: false });
  useEffect(() => {
    let active = true;
    const load = superadmin ? listProviders().then(optionsFromProviders) : getProviderConstraints().then(optionsFromConstraints);
    load
      .then((options) => {
        if (active) setState({ options: options.length > 0 ? options : FALLBACK_PROVIDER_OPTIONS, loaded: true });
      })
      .catch(() => {
        if (!active) return;
        showToast({ type: 'error', message: 'Failed to load providers' });
        setState({ options: FALLBACK_PROVIDER_OPTIONS, loaded: true });
      });
    return () => {
      active = false;
    };
  }, [superadmin]);
  return state;
}
