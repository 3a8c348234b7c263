import { expect, test } from 'vitest';
import {
  AMOUNT_REQUIRED,
  CURRENCY_REQUIRED,
  CUSTOMER_EMAIL_INVALID,
  CUSTOMER_EMAIL_REQUIRED,
  CUSTOMER_NAME_REQUIRED,
  DESCRIPTION_REQUIRED,
  amountStep,
  baseUnitOf,
  baseUnitOfAmount,
  checkCreatePayment,
  checkoutUrlOf,
  emptyPaymentForm,
  initialCurrency,
  invoicePdfUrl,
  invoiceUrl,
  isPaid,
  paymentAmount,
  paymentDate,
  receiptPdfUrl,
  showsBankCheckout,
  statusClass,
  withGateway,
  type CreatePaymentValues,
} from '../../../src/lib/payment-form.ts';

const filled: CreatePaymentValues = {
  ...emptyPaymentForm('GHS'),
  amount: ' 12.5 ',
  customerName: ' Kofi Mensah ',
  customerEmail: ' kofi@example.test ',
  description: ' Invoice 42 ',
};

test('only Success is paid and green; every other status takes the failed colour', () => {
  expect(statusClass('Success')).toBe('badge badge--success');
  expect(statusClass('Pending')).toBe('badge badge--danger');
  expect(statusClass('Failed')).toBe('badge badge--danger');
  expect(statusClass('Cancelled')).toBe('badge badge--danger badge--cancelled');
  expect(statusClass('success')).toBe('badge badge--danger');
  expect(isPaid({ status: 'Success' })).toBe(true);
  expect(isPaid({ status: 'Pending' })).toBe(false);
});

test('amounts display in the payment currency with the decimals of its amount string', () => {
  expect(baseUnitOfAmount('12.50')).toBe(100);
  expect(baseUnitOfAmount('1200')).toBe(1);
  expect(baseUnitOfAmount('1.500')).toBe(1000);
  expect(baseUnitOfAmount(undefined)).toBe(1);
  expect(paymentAmount({ amount: '12.50', amountMinor: 1250, currency: 'GHS' })).toBe('GH₵12.50');
  expect(paymentAmount({ amount: '12.50', amountMinor: 1250, currency: 'USD' })).toBe('US$12.50');
  expect(paymentAmount({ amount: '500', amountMinor: 500, currency: 'JPY' })).toMatch(/500$/);
});

test('dates read as medium date and short time; junk is shown as is', () => {
  const { day, time } = paymentDate('2026-11-22T10:05:00.000Z', 'en-GB');
  expect(day).toBe('22 Nov 2026');
  expect(time).toMatch(/^\d{2}:\d{2}$/);
  expect(paymentDate('not a date')).toEqual({ day: 'not a date', time: '' });
  expect(paymentDate(null)).toEqual({ day: '', time: '' });
});

test('invoice and receipt links', () => {
  expect(invoiceUrl('PAY-0123456789ABCDEF')).toBe('/receipts/invoice/PAY-0123456789ABCDEF');
  expect(invoicePdfUrl('PAY-0123456789ABCDEF')).toBe('/receipts/invoice/PAY-0123456789ABCDEF.pdf');
  expect(invoiceUrl('a b/c')).toBe('/receipts/invoice/a%20b%2Fc');
  expect(receiptPdfUrl('http://x.test/receipts/tok')).toBe('http://x.test/receipts/tok.pdf');
});

test('the checkout URL is taken from bankCheckoutUrl, then gatewayInit', () => {
  const init = { ok: true, gateway: 'g', provider: 'p', checkoutUrl: 'https://psp.test/c', providerReference: null, error: null };
  expect(checkoutUrlOf({ gatewayInit: init })).toBe('https://psp.test/c');
  expect(checkoutUrlOf({ gatewayInit: init, bankCheckoutUrl: 'https://bank.test/b' })).toBe('https://bank.test/b');
  expect(checkoutUrlOf({ gatewayInit: { ...init, checkoutUrl: null } })).toBeNull();
  expect(checkoutUrlOf({ gatewayInit: { ...init, checkoutUrl: ' ' } })).toBeNull();
  expect(checkoutUrlOf({})).toBeNull();
});

test('the form starts in the organisation default currency, else its first', () => {
  expect(emptyPaymentForm('USD').currency).toBe('USD');
  expect(initialCurrency(['GHS', 'USD'], 'USD')).toBe('USD');
  expect(initialCurrency(['GHS', 'USD'], 'EUR')).toBe('GHS');
  expect(initialCurrency(['GHS'], null)).toBe('GHS');
  expect(initialCurrency([], 'GHS')).toBe('GHS');
  expect(initialCurrency([], null)).toBe('');
});

test('bank checkout is offered only under process via gateway, and unticking the gateway clears it', () => {
  const base = emptyPaymentForm('GHS');
  expect(showsBankCheckout(base)).toBe(false);
  const viaGateway = withGateway(base, true);
  expect(showsBankCheckout(viaGateway)).toBe(true);
  const withBank = { ...viaGateway, isBankPayment: true };
  expect(withGateway(withBank, true).isBankPayment).toBe(true);
  expect(withGateway(withBank, false)).toMatchObject({ processViaGateway: false, isBankPayment: false });
});

test('a valid form becomes a trimmed payload with the amount as an exact decimal string', () => {
  expect(checkCreatePayment(filled, 100)).toEqual({
    ok: true,
    value: { amount: '12.50', currency: 'GHS', customerName: 'Kofi Mensah', customerEmail: 'kofi@example.test', description: 'Invoice 42' },
  });
  expect(checkCreatePayment({ ...filled, amount: '1200' }, 1)).toMatchObject({ ok: true, value: { amount: '1200' } });
  expect(checkCreatePayment({ ...filled, amount: '12.500' }, 100)).toMatchObject({ ok: true, value: { amount: '12.50' } });
});

test('the gateway flags are sent only when ticked; bank checkout only with the gateway', () => {
  const gateway = checkCreatePayment({ ...filled, processViaGateway: true }, 100);
  expect(gateway).toMatchObject({ ok: true, value: { processViaGateway: true } });
  expect(gateway.ok && 'isBankPayment' in gateway.value).toBe(false);
  expect(checkCreatePayment({ ...filled, processViaGateway: true, isBankPayment: true }, 100)).toMatchObject({
    ok: true,
    value: { processViaGateway: true, isBankPayment: true },
  });
  const plain = checkCreatePayment({ ...filled, isBankPayment: true }, 100);
  expect(plain.ok && ('processViaGateway' in plain.value || 'isBankPayment' in plain.value)).toBe(false);
});

test('amounts follow the currency base unit with the server wording', () => {
  expect(checkCreatePayment({ ...filled, amount: '12.505' }, 100)).toEqual({
    ok: false,
    errors: { amount: 'Amount has more decimals than GHS allows (2).' },
  });
  expect(checkCreatePayment({ ...filled, amount: '12.5', currency: 'JPY' }, 1)).toMatchObject({
    ok: false,
    errors: { amount: 'Amount has more decimals than JPY allows (0).' },
  });
  expect(checkCreatePayment({ ...filled, amount: '0' }, 100)).toMatchObject({ errors: { amount: 'Amount must be greater than zero.' } });
  expect(checkCreatePayment({ ...filled, amount: '-3' }, 100)).toMatchObject({
    errors: { amount: 'Amount must be a positive decimal number, e.g. 12.50.' },
  });
  expect(checkCreatePayment({ ...filled, amount: '1e3' }, 100).ok).toBe(false);
});

test('every required field is reported at once', () => {
  expect(checkCreatePayment(emptyPaymentForm(''), 100)).toEqual({
    ok: false,
    errors: {
      amount: AMOUNT_REQUIRED,
      currency: CURRENCY_REQUIRED,
      customerName: CUSTOMER_NAME_REQUIRED,
      customerEmail: CUSTOMER_EMAIL_REQUIRED,
      description: DESCRIPTION_REQUIRED,
    },
  });
  expect(checkCreatePayment({ ...filled, customerEmail: 'kofi@' }, 100)).toEqual({
    ok: false,
    errors: { customerEmail: CUSTOMER_EMAIL_INVALID },
  });
});

test('base units and input steps', () => {
  const currencies = [
    { code: 'GHS', baseUnit: 100 },
    { code: 'JPY', baseUnit: 1 },
  ];
  expect(baseUnitOf('JPY', currencies)).toBe(1);
  expect(baseUnitOf('XYZ', currencies)).toBe(100);
  expect(amountStep(100)).toBe('0.01');
  expect(amountStep(1000)).toBe('0.001');
  expect(amountStep(1)).toBe('1');
});
