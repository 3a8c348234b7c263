import { useId } from 'react';
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
import TextField from '../ui/TextField.tsx';
import ReferenceFormModal from '../reference/ReferenceFormModal.tsx';

export interface CurrencyFormModalProps {
  /** The currency being edited; a new one is created without it. */
  currency?: Currency | undefined;
  onClose: () => void;
  onSaved: (currency: Currency) => void;
}

/** Create Currency / Edit Currency: name, 3-letter code and base unit (an integer, 100 by default), all required. */
export default function CurrencyFormModal({ currency, onClose, onSaved }: CurrencyFormModalProps) {
  const baseUnitsId = useId();
  return (
    <ReferenceFormModal
      noun="Currency"
      editing={currency !== undefined}
      form={{
        initial: (): CurrencyFormValues =>
          currency ? { name: currency.name, code: currency.code, baseUnit: String(currency.baseUnit) } : EMPTY_CURRENCY_FORM,
        check: checkCurrencyForm,
        save: (payload) => (currency ? updateCurrency(currency.id, payload) : createCurrency(payload)),
        onSaved,
      }}
      namePlaceholder="e.g. Kenyan Shilling"
      code={{
        length: CURRENCY_CODE_LENGTH,
        hint: 'ISO 4217 code, 3 letters (e.g. KES).',
        placeholder: 'KES',
        normalise: currencyCodeInput,
      }}
      onClose={onClose}
      layout={(codeField, { values, errors, change }) => (
        <>
          <div className="form-grid">
            {codeField}
            <TextField
              label="Base Unit"
              required
              error={errors.baseUnit}
              hint="Minor units per major unit (100 = cents)."
              type="text"
              inputMode="numeric"
              maxLength={5}
              autoComplete="off"
              list={baseUnitsId}
              value={values.baseUnit}
              onValueChange={(value) => change('baseUnit', value)}
            />
          </div>
          <datalist id={baseUnitsId}>
            {BASE_UNIT_OPTIONS.map((unit) => (
              <option key={unit} value={unit} />
            ))}
          </datalist>
        </>
      )}
    />
  );
}
