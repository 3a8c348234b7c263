import { useId } from 'react';
import { selectOrganisation } from '../../lib/stores/organisation.ts';
import { LOADING_ORGANISATIONS } from '../../lib/user-forms.ts';
import type { OrganisationChoices } from './useAllOrganisations.ts';

/** A superadmin's "Organisation" picker: every organisation, the choice kept in the shared selected-organisation store. */
export default function OrganisationPicker({ choices, selectedId }: { choices: OrganisationChoices; selectedId: number | null }) {
  const pickerId = useId();
  return (
    <div className="inline-picker">
      <label htmlFor={pickerId}>Organisation</label>
      <select
        id={pickerId}
        className="select"
        disabled={choices.state !== 'loaded' || choices.items.length === 0}
        value={selectedId === null ? '' : String(selectedId)}
        onChange={(event) => selectOrganisation(Number(event.target.value))}
      >
        {choices.state === 'loaded' ? (
          choices.items.map((org) => (
            <option key={org.id} value={String(org.id)}>
              {org.name}
            </option>
          ))
        ) : (
          <option value="">{choices.state === 'loading' ? LOADING_ORGANISATIONS : 'Organisations unavailable'}</option>
        )}
      </select>
    </div>
  );
}
