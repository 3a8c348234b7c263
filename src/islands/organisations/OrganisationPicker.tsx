import { selectOrganisation } from '../../lib/stores/organisation.ts';
import { LOADING_ORGANISATIONS } from '../../lib/user-forms.ts';
import InlineSelect from '../ui/InlineSelect.tsx';
import { organisationOptions, type OrganisationChoices } from './useAllOrganisations.ts';

/** A superadmin's "Organisation" picker: every organisation, the choice kept in the shared selected-organisation store. */
export default function OrganisationPicker({ choices, selectedId }: { choices: OrganisationChoices; selectedId: number | null }) {
  return (
    <InlineSelect
      label="Organisation"
      disabled={choices.state !== 'loaded' || choices.items.length === 0}
      value={selectedId === null ? '' : String(selectedId)}
      placeholder={
        choices.state === 'loaded' ? undefined : choices.state === 'loading' ? LOADING_ORGANISATIONS : 'Organisations unavailable'
      }
      options={choices.state === 'loaded' ? organisationOptions(choices.items) : []}
      onValueChange={(value) => selectOrganisation(Number(value))}
    />
  );
}
