import { useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { createCountry, updateCountry } from '../../lib/api/countries.ts';
import type { Country } from '../../lib/api/types.ts';
import type { FieldErrors } from '../../lib/field-rules.ts';
import {
  COUNTRY_CODE_LENGTH,
  EMPTY_COUNTRY_FORM,
  checkCountryForm,
  countryCodeInput,
  type CountryField,
  type CountryFormValues,
} from '../../lib/reference-forms.ts';
import { showToast } from '../../lib/stores/toasts.ts';
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
  const [values, setValues] = useState<CountryFormValues>(country ? { name: country.name, code: country.code } : EMPTY_COUNTRY_FORM);
  const [errors, setErrors] = useState<FieldErrors<CountryField>>({});
  const [invalidAttempt, setInvalidAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  const change = (field: CountryField, value: string) => {
    setValues((was) => ({ ...was, [field]: value }));
    setErrors((was) => ({ ...was, [field]: undefined }));
  };

  const submit = async () => {
    const checked = checkCountryForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setInvalidAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const saved = country ? await updateCountry(country.id, checked.value) : await createCountry(checked.value);
      showToast(successToast(editing ? 'Country updated successfully!' : 'Country created successfully!'));
      onSaved(saved);
    } catch (error) {
      showToast(failureToast(error, editing ? 'Failed to update country.' : 'Failed to create country.'));
      setBusy(false);
    }
  };

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
