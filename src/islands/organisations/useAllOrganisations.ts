import { useEffect, useRef, useState } from 'react';
import { failureToast } from '../../lib/action-toasts.ts';
import { listOrganisations } from '../../lib/api/organisations.ts';
import type { Organisation } from '../../lib/api/types.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import { ORGANISATIONS_LOAD_FAILED } from '../../lib/user-forms.ts';
import type { SelectOption } from '../ui/SelectField.tsx';

/** Every organisation, for a superadmin's picker: still loading, loaded, or failed. */
export type OrganisationChoices = { state: 'loading' } | { state: 'loaded'; items: Organisation[] } | { state: 'failed' };

export interface AllOrganisationsOptions {
  /** Load only when true (a form that shows the picker to superadmins only); true by default. */
  enabled?: boolean;
  /** Runs with the list before it is shown, e.g. to choose the first organisation. */
  onLoaded?: (items: Organisation[]) => void;
  /** What a failure does; a toast saying the organisations could not be loaded by default. */
  onFailed?: (error: unknown) => void;
}

/** Organisations as a select's choices: the id as the value, the name shown. */
export const organisationOptions = (items: readonly Organisation[]): SelectOption[] =>
  items.map((org) => ({ value: String(org.id), label: org.name }));

const toastFailure = (error: unknown) => showToast(failureToast(error, ORGANISATIONS_LOAD_FAILED));

/** Loads all organisations once (again when `enabled` turns true); an answer after unmounting is dropped. */
export function useAllOrganisations({ enabled = true, onLoaded, onFailed = toastFailure }: AllOrganisationsOptions = {}) {
  const [choices, setChoices] = useState<OrganisationChoices>({ state: 'loading' });
  // The callbacks are read when the answer arrives, so a new closure per render does not reload the list.
  const callbacks = useRef({ onLoaded, onFailed });
  callbacks.current = { onLoaded, onFailed };
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    listOrganisations({ all: true })
      .then(({ items }) => {
        if (!active) return;
        callbacks.current.onLoaded?.(items);
        setChoices({ state: 'loaded', items });
      })
      .catch((error: unknown) => {
        if (!active) return;
        setChoices({ state: 'failed' });
        callbacks.current.onFailed(error);
      });
    return () => {
      active = false;
    };
  }, [enabled]);
  return choices;
}
