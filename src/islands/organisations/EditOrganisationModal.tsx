import { useCheckedForm } from '../ui/useCheckedForm.ts';
import type { HTMLInputTypeAttribute } from 'react';
import { updateOrganisation } from '../../lib/api/organisations.ts';
import type { Organisation } from '../../lib/api/types.ts';
import { checkEditOrganisation, defaultCurrencyHint, editValuesFrom, type EditField } from '../../lib/organisation-form.ts';
import FormField from '../ui/FormField.tsx';
import TextField from '../ui/TextField.tsx';
import FormModal from '../ui/FormModal.tsx';
import CountrySelect from './CountrySelect.tsx';
import { useReferenceOptions } from './useReferenceOptions.ts';

export interface EditOrganisationModalProps {
  organisation: Organisation;
  onClose: () => void;
  onSaved: (organisation: Organisation) => void;
}

interface TextFieldSpec {
  field: EditField;
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  maxLength: number;
  placeholder?: string;
  wide?: boolean;
}

const ADDRESS_FIELDS: readonly TextFieldSpec[] = [
  { field: 'addressLine1', label: 'Address Line 1', autoComplete: 'address-line1', maxLength: 200, wide: true },
  { field: 'addressLine2', label: 'Address Line 2', autoComplete: 'address-line2', maxLength: 200, wide: true },
  { field: 'city', label: 'City', autoComplete: 'address-level2', maxLength: 100 },
  { field: 'state', label: 'State / Region', autoComplete: 'address-level1', maxLength: 100 },
  { field: 'postalCode', label: 'Postal Code', autoComplete: 'postal-code', maxLength: 20 },
  { field: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', maxLength: 40 },
  { field: 'websiteUrl', label: 'Website URL', type: 'url', autoComplete: 'url', maxLength: 2048, placeholder: 'https://', wide: true },
  { field: 'taxId', label: 'Tax ID', maxLength: 50 },
  { field: 'registrationNumber', label: 'Registration Number', maxLength: 50 },
];

/** Edit Organisation: every field a superadmin may change, currencies as comma-separated codes. */
export default function EditOrganisationModal({ organisation, onClose, onSaved }: EditOrganisationModalProps) {
  const { countries } = useReferenceOptions({ withCurrencies: false });
  const { values, setValues, errors, change, modal } = useCheckedForm({
    initial: () => editValuesFrom(organisation),
    check: checkEditOrganisation,
    save: (payload) => updateOrganisation(organisation.id, payload),
    successMessage: 'Organisation updated successfully!',
    failureMessage: 'Failed to update organisation.',
    onSaved,
  });

  const textInput = (
    { field, label, type = 'text', autoComplete = 'off', maxLength, placeholder, wide }: TextFieldSpec,
    required = false,
  ) => (
    <TextField
      key={field}
      label={label}
      required={required}
      error={errors[field]}
      fieldClassName={wide ? 'field--wide' : undefined}
      type={type}
      maxLength={maxLength}
      autoComplete={autoComplete}
      placeholder={placeholder}
      value={values[field]}
      onValueChange={(value) => change(field, value)}
    />
  );

  const defaultHint = defaultCurrencyHint(values.currencies, values.defaultCurrency);
  const currentCountry = organisation.countryCode
    ? { code: organisation.countryCode, name: organisation.country ?? organisation.countryCode }
    : undefined;

  return (
    <FormModal title="Edit Organisation" {...modal} submitLabel="Save Changes" size="lg" onClose={onClose}>
      <p className="form-intro">
        <span className="code-tag">{organisation.code}</span> Fields marked * are required.
      </p>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">Organisation</legend>
        <div className="form-grid">
          {textInput({ field: 'name', label: 'Name', autoComplete: 'organization', maxLength: 200 }, true)}
          {textInput({ field: 'email', label: 'Contact Email', type: 'email', autoComplete: 'email', maxLength: 254 }, true)}
          <FormField label="Country" required error={errors.country}>
            {(control) => (
              <CountrySelect
                control={control}
                countries={countries}
                value={values.country}
                current={currentCountry}
                onChange={(code) => change('country', code)}
              />
            )}
          </FormField>
          <TextField
            label="Currencies"
            required
            error={errors.currencies}
            hint="Comma-separated codes, e.g. GHS, USD."
            inputClassName="input input--code"
            type="text"
            maxLength={500}
            autoComplete="off"
            spellCheck={false}
            value={values.currencies}
            onValueChange={(value) => change('currencies', value.toUpperCase())}
          />
          <FormField
            label="Default Currency"
            error={errors.defaultCurrency}
            hint={defaultHint ? <span className="field__warning">{defaultHint}</span> : 'Blank uses the first currency.'}
          >
            {(control) => (
              <input
                {...control}
                className="input input--code"
                type="text"
                maxLength={3}
                autoComplete="off"
                spellCheck={false}
                value={values.defaultCurrency}
                onChange={(event) => change('defaultCurrency', event.target.value.replace(/[^a-z]/gi, '').toUpperCase())}
              />
            )}
          </FormField>
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">Webhooks</legend>
        <div className="form-grid">
          {textInput({ field: 'callbackUrl', label: 'Callback URL', type: 'url', maxLength: 2048, placeholder: 'https://' })}
          {textInput({ field: 'notifierUrl', label: 'Notifier URL', type: 'url', maxLength: 2048, placeholder: 'https://' })}
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend className="fieldset__legend">Address &amp; Registration</legend>
        <div className="form-grid">
          {ADDRESS_FIELDS.map((spec) => textInput(spec))}
          <FormField label="Invoice Footer Note" error={errors.invoiceFooterNote} className="field--wide">
            {(control) => (
              <textarea
                {...control}
                className="textarea"
                rows={3}
                maxLength={1000}
                value={values.invoiceFooterNote}
                onChange={(event) => change('invoiceFooterNote', event.target.value)}
              />
            )}
          </FormField>
          <label className="checkbox field--wide">
            <input
              type="checkbox"
              checked={values.collectsGovernmentPayments}
              onChange={(event) => setValues((was) => ({ ...was, collectsGovernmentPayments: event.target.checked }))}
            />
            <span>Collects government payments</span>
          </label>
        </div>
      </fieldset>
    </FormModal>
  );
}
