import { createCountry, updateCountry } from '../../lib/api/countries.ts';
import type { Country } from '../../lib/api/types.ts';
import {
  COUNTRY_CODE_LENGTH,
  EMPTY_COUNTRY_FORM,
  checkCountryForm,
  countryCodeInput,
  type CountryFormValues,
} from '../../lib/reference-forms.ts';
import ReferenceFormModal from '../reference/ReferenceFormModal.tsx';

export interface CountryFormModalProps {
  /** The country being edited; a new one is created without it. */
  country?: Country | undefined;
  onClose: () => void;
  onSaved: (country: Country) => void;
}

/** Create Country / Edit Country: name and a 2-letter code, both required. */
export default function CountryFormModal({ country, onClose, onSaved }: CountryFormModalProps) {
  return (
    <ReferenceFormModal
      noun="Country"
      editing={country !== undefined}
      form={{
        initial: (): CountryFormValues => (country ? { name: country.name, code: country.code } : EMPTY_COUNTRY_FORM),
        check: checkCountryForm,
        save: (payload) => (country ? updateCountry(country.id, payload) : createCountry(payload)),
        onSaved,
      }}
      namePlaceholder="e.g. Kenya"
      code={{ length: COUNTRY_CODE_LENGTH, hint: 'ISO 3166 code, 2 letters (e.g. KE).', placeholder: 'KE', normalise: countryCodeInput }}
      onClose={onClose}
    />
  );
}
