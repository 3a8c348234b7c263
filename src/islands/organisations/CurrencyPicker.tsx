import { useState } from 'react';
import type { Currency } from '../../lib/api/types.ts';
import {
  addCurrency,
  addableCurrencies,
  canChooseDefault,
  chooseDefaultCurrency,
  removeCurrency,
  type CurrencySelection,
} from '../../lib/organisation-form.ts';
import FormField from '../ui/FormField.tsx';
import SelectField, { SelectOptions } from '../ui/SelectField.tsx';
import { CloseIcon } from '../ui/icons.tsx';

export interface CurrencyPickerProps {
  /** Enabled currencies to pick from; null while loading. */
  options: Currency[] | null;
  value: CurrencySelection;
  onChange: (next: CurrencySelection) => void;
  error?: string | undefined;
  defaultError?: string | undefined;
}

/**
 * Currencies picked one by one from the enabled list (never twice), shown as removable chips; the
 * first added becomes the default, and the default select offers only the chosen ones.
 */
export default function CurrencyPicker({ options, value, onChange, error, defaultError }: CurrencyPickerProps) {
  const [pending, setPending] = useState('');
  const addable = addableCurrencies(options ?? [], value.currencies);
  const names = new Map((options ?? []).map((currency) => [currency.code, currency.name]));

  const add = () => {
    if (pending === '') return;
    onChange(addCurrency(value, pending));
    setPending('');
  };

  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">Currencies</legend>
      <FormField label="Add Currency" error={error}>
        {(control) => (
          <div className="inline-add">
            <select
              {...control}
              className="select"
              value={pending}
              disabled={options === null}
              onChange={(event) => setPending(event.target.value)}
            >
              <SelectOptions
                placeholder={
                  options === null ? 'Loading currencies...' : addable.length === 0 ? 'No more currencies to add' : 'Select a currency'
                }
                options={addable.map((currency) => ({ value: currency.code, label: `${currency.code} — ${currency.name}` }))}
              />
            </select>
            <button type="button" className="btn" onClick={add} disabled={pending === ''}>
              Add
            </button>
          </div>
        )}
      </FormField>
      {value.currencies.length === 0 ? (
        <p className="field__hint">No currencies added yet. The first one you add becomes the default.</p>
      ) : (
        <ul className="chips" aria-label="Selected currencies">
          {value.currencies.map((code) => (
            <li key={code} className={code === value.defaultCurrency ? 'chip chip--default' : 'chip'}>
              <span className="chip__code">{code}</span>
              {names.get(code) ? <span className="chip__name">{names.get(code)}</span> : null}
              {code === value.defaultCurrency ? <span className="chip__tag">Default</span> : null}
              <button
                type="button"
                className="chip__remove"
                aria-label={`Remove ${code}`}
                onClick={() => onChange(removeCurrency(value, code))}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      <SelectField
        label="Default Currency"
        error={defaultError}
        hint={canChooseDefault(value) ? 'Payments use it unless another currency is given.' : 'Add a currency first.'}
        value={value.defaultCurrency}
        disabled={!canChooseDefault(value)}
        placeholder={canChooseDefault(value) ? undefined : 'No currency added'}
        options={value.currencies.map((code) => ({ value: code, label: code }))}
        onValueChange={(code) => onChange(chooseDefaultCurrency(value, code))}
      />
    </fieldset>
  );
}
