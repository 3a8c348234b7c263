import { useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { createOrganisation } from '../../lib/api/organisations.ts';
import type { Organisation } from '../../lib/api/types.ts';
import type { FieldErrors } from '../../lib/field-rules.ts';
import {
  EMPTY_CREATE_FORM,
  checkCreateOrganisation,
  organisationCodeInput,
  type CreateField,
  type CreateOrganisationValues,
  type CurrencySelection,
} from '../../lib/organisation-form.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import FormField from '../ui/FormField.tsx';
import FormModal from '../ui/FormModal.tsx';
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
  const [values, setValues] = useState<CreateOrganisationValues>(EMPTY_CREATE_FORM);
  const [errors, setErrors] = useState<FieldErrors<CreateField>>({});
  const [invalidAttempt, setInvalidAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  const change = (field: 'name' | 'email' | 'code' | 'country', value: string) => {
    setValues((was) => ({ ...was, [field]: value }));
    setErrors((was) => ({ ...was, [field]: undefined }));
  };
  const changeCurrencies = (selection: CurrencySelection) => {
    setValues((was) => ({ ...was, ...selection }));
    setErrors((was) => ({ ...was, currencies: undefined, defaultCurrency: undefined }));
  };

  const submit = async () => {
    const checked = checkCreateOrganisation(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setInvalidAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const created = await createOrganisation(checked.value);
      showToast(successToast('Organisation created successfully!'));
      onCreated(created);
    } catch (error) {
      showToast(failureToast(error, 'Failed to create organisation.'));
      setBusy(false);
    }
  };

  return (
    <FormModal
      title="Create Organisation"
      submitLabel="Create Organisation"
      busyLabel="Creating..."
      busy={busy}
      invalidAttempt={invalidAttempt}
      onClose={onClose}
      onSubmit={() => void submit()}
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
