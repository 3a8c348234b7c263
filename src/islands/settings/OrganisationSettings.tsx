import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { failureToast } from '../../lib/action-toasts.ts';
import { getMyOrganisation, getOrganisation } from '../../lib/api/organisations.ts';
import type { Organisation } from '../../lib/api/types.ts';
import { PAGE_DATA_FAILED } from '../../lib/settings-form.ts';
import { withLoading } from '../../lib/stores/loading.ts';
import { $selectedOrgId, ensureSelectedOrganisation } from '../../lib/stores/organisation.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import BrandingSection from './BrandingSection.tsx';
import GeneralSettingsSection from './GeneralSettingsSection.tsx';
import OrganisationPicker from '../organisations/OrganisationPicker.tsx';
import { useAllOrganisations } from '../organisations/useAllOrganisations.ts';

type Loaded = { state: 'idle' } | { state: 'loading' } | { state: 'loaded'; organisation: Organisation } | { state: 'failed' };

/** The organisation the settings act on: a superadmin's chosen one, or the caller's own. */
function useOrganisation(superadmin: boolean, chosenId: number | null, ready: boolean) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'idle' });
  useEffect(() => {
    if (!ready || (superadmin && chosenId === null)) {
      setLoaded({ state: 'idle' });
      return;
    }
    let active = true;
    setLoaded({ state: 'loading' });
    withLoading('Loading settings...', () => (superadmin && chosenId !== null ? getOrganisation(chosenId) : getMyOrganisation()))
      .then((organisation) => {
        if (active) setLoaded({ state: 'loaded', organisation });
      })
      .catch((error: unknown) => {
        if (!active) return;
        setLoaded({ state: 'failed' });
        showToast(failureToast(error, PAGE_DATA_FAILED));
      });
    return () => {
      active = false;
    };
  }, [superadmin, chosenId, ready]);
  const replace = (organisation: Organisation) => setLoaded({ state: 'loaded', organisation });
  return { loaded, replace };
}

/** The organisation-scoped sections: General & Receipt Settings and Organisation Branding. */
export default function OrganisationSettings({ superadmin }: { superadmin: boolean }) {
  const choices = useAllOrganisations({ enabled: superadmin, onLoaded: ensureSelectedOrganisation });
  const selectedId = useStore($selectedOrgId);
  const ready = !superadmin || choices.state === 'loaded';
  const { loaded, replace } = useOrganisation(superadmin, superadmin ? selectedId : null, ready);

  if (superadmin && choices.state === 'loaded' && choices.items.length === 0) {
    return (
      <div className="card settings-note" role="note">
        <p className="settings-note__title">No organisations yet</p>
        <p>
          Organisation settings appear here once an organisation exists. Create one under{' '}
          <a href="/dashboard/organisations">Organisations</a>; until then only your profile and password can be changed.
        </p>
      </div>
    );
  }
  if (superadmin && choices.state === 'failed') {
    return (
      <div className="card settings-note" role="note">
        <p className="settings-note__title">Organisation settings are unavailable</p>
        <p>The list of organisations could not be loaded. Reload the page to try again.</p>
      </div>
    );
  }

  const organisation = loaded.state === 'loaded' ? loaded.organisation : null;
  return (
    <>
      <div className="settings-scope split-row">
        <div className="settings-scope__text">
          <span className="settings-scope__eyebrow">Organisation settings</span>
          {superadmin ? (
            <span>Choose the organisation these settings apply to.</span>
          ) : (
            <span className="settings-scope__name">{organisation?.name ?? ''}</span>
          )}
        </div>
        {superadmin ? <OrganisationPicker choices={choices} selectedId={selectedId} /> : null}
      </div>
      {loaded.state === 'failed' ? (
        <div className="card settings-note" role="note">
          <p className="settings-note__title">Organisation settings are unavailable</p>
          <p>They could not be loaded. Reload the page to try again.</p>
        </div>
      ) : null}
      {organisation ? (
        <div className="settings-grid settings-grid--organisation">
          <GeneralSettingsSection key={organisation.id} organisation={organisation} superadmin={superadmin} onSaved={replace} />
          <BrandingSection key={`logo-${organisation.id}`} organisation={organisation} superadmin={superadmin} onUploaded={replace} />
        </div>
      ) : null}
    </>
  );
}
