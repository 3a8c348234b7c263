import { createOrganisation } from '../../lib/api/organisations.ts';
import type { Organisation } from '../../lib/api/types.ts';
import { EMPTY_CREATE_FORM, checkCreateOrganisation, organisationCodeInput, type CurrencySelection } from '../../lib/organisation-form.ts';
import FormField from '../ui/FormField.tsx';
import TextField from '../ui/TextField.tsx';
import FormModal from '../ui/FormModal.tsx';
import { useCheckedForm } from '../ui/useCheckedForm.ts';
import CountrySelect from './CountrySelect.tsx';
import CurrencyPicker from './CurrencyPicker.tsx';
import { useReferenceOptions } from './useReferenceOptions.ts';

export interface CreateOrganisationModalProps {
  onClose: () => void;
  onCreated: (organisation: Organisation) => void;
}

/** Create Organisation: name, contact email, code and country required; currencies picked from the enabled list. */
export default function CreateOrganisationModal({ onClose, onCreated }: CreateOrganisationModalProps) {
  const { countries, currencies } = useReferenceOptions({ withCurrencies: true });
  const form = useCheckedForm({
    initial: EMPTY_CREATE_FORM,
    check: checkCreateOrganisation,
    save: createOrganisation,
    successMessage: 'Organisation created successfully!',
    failureMessage: 'Failed to create organisation.',
    onSaved: onCreated,
  });
  const { values, errors, change } = form;
  const changeCurrencies = (selection: CurrencySelection) => {
    change('currencies', selection.currencies);
    change('defaultCurrency', selection.defaultCurrency);
  };

  return (
    <FormModal title="Create Organisation" {...form.modal} submitLabel="Create Organisation" busyLabel="Creating..." onClose={onClose}>
      <div className="form-grid">
        <TextField
          label="Name"
          required
          error={errors.name}
          type="text"
          maxLength={200}
          autoComplete="organization"
          value={values.name}
          onValueChange={(value) => change('name', value)}
        />
        <TextField
          label="Code"
          required
          error={errors.code}
          hint="Short unique code, e.g. ACME."
          inputClassName="input input--code"
          type="text"
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={values.code}
          onValueChange={(value) => change('code', organisationCodeInput(value))}
        />
        <TextField
          label="Contact Email"
          required
          error={errors.email}
          type="email"
          maxLength={254}
          autoComplete="email"
          value={values.email}
          onValueChange={(value) => change('email', value)}
        />
        <FormField label="Country" required error={errors.country}>
          {(control) => (
            <CountrySelect control={control} countries={countries} value={values.country} onChange={(code) => change('country', code)} />
          )}
        </FormField>
      </div>
      <CurrencyPicker
        options={currencies}
        value={{ currencies: values.currencies, defaultCurrency: values.defaultCurrency }}
        onChange={changeCurrencies}
        error={errors.currencies}
        defaultError={errors.defaultCurrency}
      />
    </FormModal>
  );
}
