import { useId } from 'react';
import { useCheckedForm } from '../ui/useCheckedForm.ts';
import { createCurrency, updateCurrency } from '../../lib/api/currencies.ts';
import type { Currency } from '../../lib/api/types.ts';
import {
  BASE_UNIT_OPTIONS,
  CURRENCY_CODE_LENGTH,
  EMPTY_CURRENCY_FORM,
  checkCurrencyForm,
  currencyCodeInput,
  type CurrencyFormValues,
} from '../../lib/reference-forms.ts';
import FormField from '../ui/FormField.tsx';
import FormModal from '../ui/FormModal.tsx';

export interface CurrencyFormModalProps {
  /** The currency being edited; a new one is created without it. */
  currency?: Currency | undefined;
  onClose: () => void;
  onSaved: (currency: Currency) => void;
}

/** Create Currency / Edit Currency: name, 3-letter code and base unit (an integer, 100 by default), all required. */
export default function CurrencyFormModal({ currency, onClose, onSaved }: CurrencyFormModalProps) {
  const editing = currency !== undefined;
  const baseUnitsId = useId();
  const { values, errors, invalidAttempt, busy, change, submit } = useCheckedForm({
    initial: (): CurrencyFormValues =>
      currency ? { name: currency.name, code: currency.code, baseUnit: String(currency.baseUnit) } : EMPTY_CURRENCY_FORM,
    check: checkCurrencyForm,
    save: (payload) => (currency ? updateCurrency(currency.id, payload) : createCurrency(payload)),
    successMessage: editing ? 'Currency updated successfully!' : 'Currency created successfully!',
    failureMessage: editing ? 'Failed to update currency.' : 'Failed to create currency.',
    onSaved,
  });

  return (
    <FormModal
      title={editing ? 'Edit Currency' : 'Create Currency'}
      submitLabel={editing ? 'Save Changes' : 'Create Currency'}
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
            placeholder="e.g. Kenyan Shilling"
            value={values.name}
            onChange={(event) => change('name', event.target.value)}
          />
        )}
      </FormField>
      <div className="form-grid">
        <FormField label="Code" required error={errors.code} hint="ISO 4217 code, 3 letters (e.g. KES).">
          {(control) => (
            <input
              {...control}
              className="input input--code"
              type="text"
              required
              maxLength={CURRENCY_CODE_LENGTH}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="KES"
              value={values.code}
              onChange={(event) => change('code', currencyCodeInput(event.target.value))}
            />
          )}
        </FormField>
        <FormField label="Base Unit" required error={errors.baseUnit} hint="Minor units per major unit (100 = cents).">
          {(control) => (
            <input
              {...control}
              className="input"
              type="text"
              inputMode="numeric"
              required
              maxLength={5}
              autoComplete="off"
              list={baseUnitsId}
              value={values.baseUnit}
              onChange={(event) => change('baseUnit', event.target.value)}
            />
          )}
        </FormField>
      </div>
      <datalist id={baseUnitsId}>
        {BASE_UNIT_OPTIONS.map((unit) => (
          <option key={unit} value={unit} />
        ))}
      </datalist>
    </FormModal>
  );
}
