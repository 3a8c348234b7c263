import { useId, useState } from 'react';
import { failureToast } from '../../lib/action-toasts.ts';
import { updateMyOrganisation, updateOrganisation } from '../../lib/api/organisations.ts';
import type { Organisation } from '../../lib/api/types.ts';
import type { FieldErrors } from '../../lib/field-rules.ts';
import {
  FOOTER_NOTE_MAX,
  LOGO_POSITIONS,
  RECEIPT_TITLE_MAX,
  SETTINGS_FAILED,
  SETTINGS_SAVED,
  TEXT_FIELDS,
  generalSettingsError,
  generalSettingsForm,
  generalSettingsPayload,
  type GeneralSettingsForm,
} from '../../lib/settings-form.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import FormField from '../ui/FormField.tsx';
import SelectField from '../ui/SelectField.tsx';
import TextField from '../ui/TextField.tsx';
import SettingsCard from './SettingsCard.tsx';
import { useGuardedSubmit } from './useGuardedSubmit.ts';

/** Fields that take a whole row of the two-column grid. */
const WIDE_FIELDS: ReadonlySet<string> = new Set(['addressLine1', 'addressLine2', 'websiteUrl']);

export interface GeneralSettingsSectionProps {
  organisation: Organisation;
  /** A superadmin saves through /organisations/{id}, an orgadmin through /organisations/my-organisation. */
  superadmin: boolean;
  onSaved: (organisation: Organisation) => void;
}

/** General & Receipt Settings: receipt title, logo position, default currency, address and registration details. */
export default function GeneralSettingsSection({ organisation, superadmin, onSaved }: GeneralSettingsSectionProps) {
  const currenciesId = useId();
  const [form, setForm] = useState<GeneralSettingsForm>(() => generalSettingsForm(organisation));
  const [errors, setErrors] = useState<FieldErrors<keyof GeneralSettingsForm>>({});

  const change = <Key extends keyof GeneralSettingsForm>(key: Key, value: GeneralSettingsForm[Key]) => {
    setForm((was) => ({ ...was, [key]: value }));
    setErrors((was) => ({ ...was, [key]: undefined }));
  };

  const save = async () => {
    const payload = generalSettingsPayload(form);
    try {
      const saved = superadmin ? await updateOrganisation(organisation.id, payload) : await updateMyOrganisation(payload);
      setForm(generalSettingsForm(saved));
      onSaved(saved);
      showToast({ type: 'success', message: SETTINGS_SAVED });
    } catch (error) {
      showToast(failureToast(error, SETTINGS_FAILED));
    }
  };

  const { busy, submit } = useGuardedSubmit(() => {
    const problem = generalSettingsError(form);
    if (!problem) return null;
    setErrors({ [problem.field]: problem.message });
    return `[name="${problem.field}"]`;
  }, save);

  const currencies = organisation.currencies;
  const currencyOptions =
    form.defaultCurrency !== '' && !currencies.includes(form.defaultCurrency) ? [form.defaultCurrency, ...currencies] : currencies;

  return (
    <SettingsCard
      title="General & Receipt Settings"
      description={<>How {organisation.name} appears on receipts and invoices.</>}
      busy={busy}
      submitLabel="Save Settings"
      busyLabel="Saving..."
      onSubmit={submit}
    >
      <fieldset className="fieldset">
        <legend className="fieldset__legend">Receipt</legend>
        <div className="form-grid">
          <TextField
            label="Receipt Title"
            hint="Heading printed on receipts, e.g. “Official Receipt”."
            name="receiptTitle"
            maxLength={RECEIPT_TITLE_MAX}
            value={form.receiptTitle}
            onValueChange={(value) => change('receiptTitle', value)}
          />
          <SelectField
            label="Logo Position"
            hint="Where the logo sits on receipts and invoices."
            name="logoPosition"
            value={form.logoPosition}
            options={LOGO_POSITIONS}
            onValueChange={(position) => change('logoPosition', position)}
          />
          <SelectField
            label="Default Currency"
            hint="New payments use it unless another is chosen."
            name="defaultCurrency"
            disabled={currencyOptions.length === 0}
            value={form.defaultCurrency}
            placeholder={currencyOptions.length === 0 ? 'No currencies configured' : undefined}
            options={currencyOptions.map((code) => ({ value: code, label: code }))}
            onValueChange={(code) => change('defaultCurrency', code)}
          />
          <div className="field">
            <span id={currenciesId} className="field__label">
              Currencies
            </span>
            {currencies.length > 0 ? (
              <ul className="chips" aria-labelledby={currenciesId}>
                {currencies.map((code) => (
                  <li key={code} className="code-tag">
                    {code}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="cell-muted">None configured</p>
            )}
            <p className="field__hint">Read-only; managed by a platform superadmin.</p>
          </div>
        </div>
      </fieldset>

      <fieldset className="fieldset">
        <legend className="fieldset__legend">Address &amp; Registration</legend>
        <div className="form-grid">
          {TEXT_FIELDS.map(({ key, label, maxLength }) => (
            <TextField
              key={key}
              label={label}
              error={errors[key]}
              fieldClassName={WIDE_FIELDS.has(key) ? 'field--wide' : undefined}
              name={key}
              type={key === 'websiteUrl' ? 'url' : key === 'phone' ? 'tel' : 'text'}
              placeholder={key === 'websiteUrl' ? 'https://' : undefined}
              maxLength={maxLength}
              value={form[key]}
              onValueChange={(value) => change(key, value)}
            />
          ))}
          <FormField label="Invoice Footer Note" hint="Printed at the bottom of every invoice." className="field--wide">
            {(control) => (
              <textarea
                {...control}
                className="textarea"
                name="invoiceFooterNote"
                maxLength={FOOTER_NOTE_MAX}
                rows={3}
                value={form.invoiceFooterNote}
                onChange={(event) => change('invoiceFooterNote', event.target.value)}
              />
            )}
          </FormField>
          <label className="checkbox field--wide">
            <input
              type="checkbox"
              name="collectsGovernmentPayments"
              checked={form.collectsGovernmentPayments}
              onChange={(event) => change('collectsGovernmentPayments', event.target.checked)}
            />
            <span>Collects government payments</span>
          </label>
        </div>
      </fieldset>
    </SettingsCard>
  );
}
