import { useCheckedForm } from '../ui/useCheckedForm.ts';
import { createCountry, updateCountry } from '../../lib/api/countries.ts';
import type { Country } from '../../lib/api/types.ts';
import {
  COUNTRY_CODE_LENGTH,
  EMPTY_COUNTRY_FORM,
  checkCountryForm,
  countryCodeInput,
  type CountryFormValues,
} from '../../lib/reference-forms.ts';
import FormField from '../ui/FormField.tsx';
import FormModal from '../ui/FormModal.tsx';

export interface CountryFormModalProps {
  /** The country being edited; a new one is created without it. */
  country?: Country | undefined;
  onClose: () => void;
  onSaved: (country: Country) => void;
}

/** Create Country / Edit Country: name and a 2-letter code, both required. */
export default function CountryFormModal({ country, onClose, onSaved }: CountryFormModalProps) {
  const editing = country !== undefined;
  const { values, errors, invalidAttempt, busy, change, submit } = useCheckedForm({
    initial: (): CountryFormValues => (country ? { name: country.name, code: country.code } : EMPTY_COUNTRY_FORM),
    check: checkCountryForm,
    save: (payload) => (country ? updateCountry(country.id, payload) : createCountry(payload)),
    successMessage: editing ? 'Country updated successfully!' : 'Country created successfully!',
    failureMessage: editing ? 'Failed to update country.' : 'Failed to create country.',
    onSaved,
  });

  return (
    <FormModal
      title={editing ? 'Edit Country' : 'Create Country'}
      submitLabel={editing ? 'Save Changes' : 'Create Country'}
      busy={busy}
      invalidAttempt={invalidAttempt}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <FormField label="Name" required error={errors.name}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            required
            maxLength={100}
            autoComplete="off"
            placeholder="e.g. Kenya"
            value={values.name}
            onChange={(event) => change('name', event.target.value)}
          />
        )}
      </FormField>
      <FormField label="Code" required error={errors.code} hint="ISO 3166 code, 2 letters (e.g. KE).">
        {(control) => (
          <input
            {...control}
            className="input input--code"
            type="text"
            required
            maxLength={COUNTRY_CODE_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="KE"
            value={values.code}
            onChange={(event) => change('code', countryCodeInput(event.target.value))}
          />
        )}
      </FormField>
    </FormModal>
  );
}
