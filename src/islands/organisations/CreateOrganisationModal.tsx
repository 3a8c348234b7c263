import { createOrganisation } from '../../lib/api/organisations.ts';
import type { Organisation } from '../../lib/api/types.ts';
import { EMPTY_CREATE_FORM, checkCreateOrganisation, organisationCodeInput, type CurrencySelection } from '../../lib/organisation-form.ts';
import FormField from '../ui/FormField.tsx';
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
    <FormModal
      title="Create Organisation"
      submitLabel="Create Organisation"
      busyLabel="Creating..."
      busy={form.busy}
      invalidAttempt={form.invalidAttempt}
      onClose={onClose}
      onSubmit={() => void form.submit()}
    >
      <div className="form-grid">
        <FormField label="Name" required error={errors.name}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="text"
              required
              maxLength={200}
              autoComplete="organization"
              value={values.name}
              onChange={(event) => change('name', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Code" required error={errors.code} hint="Short unique code, e.g. ACME.">
          {(control) => (
            <input
              {...control}
              className="input input--code"
              type="text"
              required
              maxLength={32}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={values.code}
              onChange={(event) => change('code', organisationCodeInput(event.target.value))}
            />
          )}
        </FormField>
        <FormField label="Contact Email" required error={errors.email}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              value={values.email}
              onChange={(event) => change('email', event.target.value)}
            />
          )}
        </FormField>
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
