import { useEffect, useRef, useState } from 'react';
import { listCurrencies } from '../../lib/api/currencies.ts';
import { getMyOrganisation } from '../../lib/api/organisations.ts';
import { createPayment, type CreatedPayment } from '../../lib/api/payments.ts';
import type { Currency } from '../../lib/api/types.ts';
import {
  CREATED,
  CREATE_FAILED,
  baseUnitOf,
  checkCreatePayment,
  checkoutUrlOf,
  emptyPaymentForm,
  initialCurrency,
  showsBankCheckout,
  withGateway,
  type CreatePaymentValues,
} from '../../lib/payment-form.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import FormField from '../ui/FormField.tsx';
import TextField from '../ui/TextField.tsx';
import AmountField from './AmountField.tsx';
import FormModal from '../ui/FormModal.tsx';
import { useCheckedForm } from '../ui/useCheckedForm.ts';

export interface CreatePaymentModalProps {
  onClose: () => void;
  onCreated: (payment: CreatedPayment) => void;
}

interface Options {
  loaded: boolean;
  /** The organisation's currency codes. */
  codes: string[];
  /** Every currency with its base unit (for the amount rule). */
  currencies: Currency[];
}

/** The organisation's currencies (default first choice) and every currency's base unit. */
function useCurrencyOptions(onDefault: (code: string) => void): Options {
  const [options, setOptions] = useState<Options>({ loaded: false, codes: [], currencies: [] });
  const onDefaultRef = useRef(onDefault);
  onDefaultRef.current = onDefault;
  useEffect(() => {
    let active = true;
    // Either may fail on its own: the server checks the currency and the amount again anyway.
    void Promise.allSettled([getMyOrganisation(), listCurrencies({ all: true })]).then(([organisation, currencies]) => {
      if (!active) return;
      const codes = organisation.status === 'fulfilled' ? organisation.value.currencies : [];
      const all = currencies.status === 'fulfilled' ? currencies.value.items : [];
      setOptions({ loaded: true, codes, currencies: all });
      if (organisation.status === 'fulfilled') onDefaultRef.current(initialCurrency(codes, organisation.value.defaultCurrency));
    });
    return () => {
      active = false;
    };
  }, []);
  return options;
}

/** Create Payment (orgadmin): amount, currency, customer and description; optionally through a gateway (docs/console.md#screens, #validation). */
export default function CreatePaymentModal({ onClose, onCreated }: CreatePaymentModalProps) {
  const options = useCurrencyOptions((code) => form.setValues((was) => (was.currency === '' ? { ...was, currency: code } : was)));
  const form = useCheckedForm({
    initial: () => emptyPaymentForm(),
    check: (values: CreatePaymentValues) => checkCreatePayment(values, baseUnitOf(values.currency, options.currencies)),
    save: createPayment,
    successMessage: CREATED,
    failureMessage: CREATE_FAILED,
    onSaved: (created: CreatedPayment) => {
      const checkout = checkoutUrlOf(created);
      if (checkout) window.open(checkout, '_blank', 'noopener,noreferrer');
      else if (created.gatewayInit && !created.gatewayInit.ok && created.gatewayInit.error) {
        showToast({ type: 'info', title: 'The gateway did not start the payment', message: created.gatewayInit.error });
      }
      onCreated(created);
    },
  });
  const { values, setValues, errors, change } = form;
  const baseUnit = baseUnitOf(values.currency, options.currencies);

  const codes = options.codes.length > 0 || values.currency === '' ? options.codes : [values.currency];
  return (
    <FormModal title="Create Payment" {...form.modal} submitLabel="Create Payment" busyLabel="Creating..." onClose={onClose}>
      <div className="form-grid">
        <AmountField
          baseUnit={baseUnit}
          error={errors.amount}
          hint="In major units, e.g. 12.50."
          value={values.amount}
          onValueChange={(value) => change('amount', value)}
        />
        <FormField label="Currency" required error={errors.currency}>
          {(control) => (
            <select
              {...control}
              className="select"
              required
              disabled={!options.loaded}
              value={values.currency}
              onChange={(event) => change('currency', event.target.value)}
            >
              {!options.loaded ? <option value="">Loading currencies...</option> : null}
              {options.loaded && codes.length === 0 ? <option value="">No currencies</option> : null}
              {codes.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TextField
          label="Customer Name"
          required
          error={errors.customerName}
          type="text"
          maxLength={200}
          autoComplete="off"
          value={values.customerName}
          onValueChange={(value) => change('customerName', value)}
        />
        <TextField
          label="Customer Email"
          required
          error={errors.customerEmail}
          type="email"
          maxLength={254}
          autoComplete="off"
          value={values.customerEmail}
          onValueChange={(value) => change('customerEmail', value)}
        />
        <FormField label="Description" required error={errors.description} className="field--wide">
          {(control) => (
            <textarea
              {...control}
              className="textarea"
              required
              rows={3}
              maxLength={500}
              value={values.description}
              onChange={(event) => change('description', event.target.value)}
            />
          )}
        </FormField>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values.processViaGateway}
            onChange={(event) => setValues((was) => withGateway(was, event.target.checked))}
          />
          <span>Process via gateway</span>
        </label>
        {showsBankCheckout(values) ? (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={values.isBankPayment}
              onChange={(event) => setValues((was) => ({ ...was, isBankPayment: event.target.checked }))}
            />
            <span>Bank checkout</span>
          </label>
        ) : null}
      </div>
    </FormModal>
  );
}
