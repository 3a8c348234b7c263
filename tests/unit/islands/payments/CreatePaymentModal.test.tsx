// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import CreatePaymentModal from '../../../../src/islands/payments/CreatePaymentModal.tsx';
import type { Currency } from '../../../../src/lib/api/types.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';
import { errorBody, listOf, routeFetch, type RoutedRequest, type RoutedResponse } from '../../support/fetch-routes.ts';

const stamp = '2026-11-22T10:05:00.000Z';
const currencies: Currency[] = [
  { id: 1, name: 'Ghana Cedi', code: 'GHS', baseUnit: 100, enabled: true, createdAt: stamp, updatedAt: stamp },
  { id: 2, name: 'Japanese Yen', code: 'JPY', baseUnit: 1, enabled: true, createdAt: stamp, updatedAt: stamp },
  { id: 3, name: 'US Dollar', code: 'USD', baseUnit: 100, enabled: true, createdAt: stamp, updatedAt: stamp },
];
const created = { id: 'PAY-0000000000000001', reference: 'PAY-0000000000000001', status: 'Pending' };

function api(override: (request: RoutedRequest) => RoutedResponse | undefined = () => undefined) {
  return routeFetch((request) => {
    const special = override(request);
    if (special) return special;
    if (request.path === '/api/organisations/my-organisation') {
      return { body: { id: 7, currencies: ['GHS', 'JPY', 'USD'], defaultCurrency: 'USD' } };
    }
    if (request.path === '/api/currencies') return { body: listOf(currencies) };
    if (request.method === 'POST' && request.path === '/api/payments') return { status: 201, body: created };
    return undefined;
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const messages = () => $toasts.get().map((t) => [t.type, t.title, t.message].filter(Boolean).join(': '));

async function open(onCreated = vi.fn()) {
  render(<CreatePaymentModal onClose={() => {}} onCreated={onCreated} />);
  const dialog = screen.getByRole('dialog', { name: 'Create Payment' });
  await waitFor(() => expect(within(dialog).getByLabelText<HTMLSelectElement>(/^Currency/).value).toBe('USD'));
  return dialog;
}

function fill(dialog: HTMLElement, amount: string) {
  fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: amount } });
  fireEvent.change(within(dialog).getByLabelText(/^Customer Name/), { target: { value: 'Kofi Mensah' } });
  fireEvent.change(within(dialog).getByLabelText(/^Customer Email/), { target: { value: 'kofi@example.test' } });
  fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'Invoice 42' } });
}

const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Create Payment' }));

test("the currency defaults to the organisation's default and offers its currencies; email is an email field", async () => {
  const { requests } = api();
  const dialog = await open();
  const currency = within(dialog).getByLabelText<HTMLSelectElement>(/^Currency/);
  expect([...currency.options].map((o) => o.value)).toEqual(['GHS', 'JPY', 'USD']);
  expect(
    within(dialog)
      .getByLabelText(/^Customer Email/)
      .getAttribute('type'),
  ).toBe('email');
  expect(
    within(dialog)
      .getByLabelText(/^Amount/)
      .getAttribute('type'),
  ).toBe('number');
  expect(requests.find((r) => r.path === '/api/currencies')?.query).toMatchObject({ all: 'true' });
});

test('the bank-checkout option appears only while process via gateway is ticked', async () => {
  api();
  const dialog = await open();
  expect(within(dialog).queryByLabelText('Bank checkout')).toBeNull();
  fireEvent.click(within(dialog).getByLabelText('Process via gateway'));
  fireEvent.click(within(dialog).getByLabelText('Bank checkout'));
  expect(within(dialog).getByLabelText<HTMLInputElement>('Bank checkout').checked).toBe(true);
  fireEvent.click(within(dialog).getByLabelText('Process via gateway'));
  expect(within(dialog).queryByLabelText('Bank checkout')).toBeNull();
});

test('required fields and the currency base unit are checked before anything is sent', async () => {
  const { requests } = api();
  const dialog = await open();
  submit(dialog);
  for (const text of ['Amount is required.', 'Customer name is required.', 'Customer email is required.', 'Description is required.']) {
    expect(within(dialog).getByText(text)).toBeTruthy();
  }
  fill(dialog, '12.505');
  submit(dialog);
  expect(within(dialog).getByText('Amount has more decimals than USD allows (2).')).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText(/^Currency/), { target: { value: 'JPY' } });
  fireEvent.change(within(dialog).getByLabelText(/^Amount/), { target: { value: '12.5' } });
  submit(dialog);
  expect(within(dialog).getByText('Amount has more decimals than JPY allows (0).')).toBeTruthy();
  expect(requests.some((r) => r.method === 'POST')).toBe(false);
});

test("POSTs the amount as a decimal string, toasts 'Payment created successfully.' and opens a gateway checkout", async () => {
  const open_ = vi.spyOn(window, 'open').mockReturnValue(null);
  const { requests } = api((request) =>
    request.method === 'POST'
      ? {
          status: 201,
          body: {
            ...created,
            gatewayInit: {
              ok: true,
              gateway: 'Sandbox',
              provider: 'sandbox',
              checkoutUrl: 'https://psp.test/pay/1',
              providerReference: 'x',
              error: null,
            },
          },
        }
      : undefined,
  );
  const onCreated = vi.fn();
  const dialog = await open(onCreated);
  fill(dialog, '12.5');
  fireEvent.click(within(dialog).getByLabelText('Process via gateway'));
  submit(dialog);
  await waitFor(() => expect(onCreated).toHaveBeenCalled());
  expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
    amount: '12.50',
    currency: 'USD',
    customerName: 'Kofi Mensah',
    customerEmail: 'kofi@example.test',
    description: 'Invoice 42',
    processViaGateway: true,
  });
  expect(messages()).toEqual(['success: Payment created successfully.']);
  expect(open_).toHaveBeenCalledWith('https://psp.test/pay/1', '_blank', 'noopener,noreferrer');
});

test("a refused payment shows 'Failed to create payment.' with the server's message and stays open", async () => {
  api((request) =>
    request.method === 'POST'
      ? errorBody(400, 'Bad Request', 'Bank checkout is not available yet; create the payment without isBankPayment.')
      : undefined,
  );
  const onCreated = vi.fn();
  const dialog = await open(onCreated);
  fill(dialog, '5');
  fireEvent.click(within(dialog).getByLabelText('Process via gateway'));
  fireEvent.click(within(dialog).getByLabelText('Bank checkout'));
  submit(dialog);
  await waitFor(() =>
    expect(messages()).toEqual([
      'error: Failed to create payment.: Bank checkout is not available yet; create the payment without isBankPayment.',
    ]),
  );
  expect(onCreated).not.toHaveBeenCalled();
  expect(within(dialog).getByRole('button', { name: 'Create Payment' })).toBeTruthy();
});
