// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import Organisations from '../../../../src/islands/organisations/Organisations.tsx';
import type { Country, Currency, Organisation, User } from '../../../../src/lib/api/types.ts';
import { $session } from '../../../../src/lib/stores/session.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';
import { errorBody, listOf, routeFetch, type RoutedRequest, type RoutedResponse } from '../../support/fetch-routes.ts';

const superadmin: User = {
  id: 1,
  name: 'Ama',
  email: 'ama@payrail.test',
  role: 'superadmin',
  avatar: null,
  orgId: null,
  organisation: null,
};
const stamp = '2026-01-01T00:00:00.000Z';

const acme: Organisation = {
  id: 7,
  name: 'Acme Pay',
  email: 'ops@acme.test',
  code: 'ACME',
  country: 'Ghana',
  countryCode: 'GH',
  currencies: ['GHS', 'USD'],
  defaultCurrency: 'GHS',
  callbackUrl: null,
  notifierUrl: null,
  addressLine1: '12 Independence Avenue',
  addressLine2: null,
  city: 'Accra',
  state: null,
  postalCode: null,
  phone: null,
  websiteUrl: null,
  taxId: null,
  registrationNumber: null,
  invoiceFooterNote: null,
  collectsGovernmentPayments: false,
  receiptTitle: null,
  logoPosition: 'left',
  logoUrl: null,
  logo: null,
  apiToken: 'prt_0123456789abcdefghijklmnopqrstuvwxyz',
  createdAt: stamp,
  updatedAt: stamp,
};

const countries: Country[] = [
  { id: 1, name: 'Ghana', code: 'GH', enabled: true, createdAt: stamp, updatedAt: stamp },
  { id: 2, name: 'Nigeria', code: 'NG', enabled: true, createdAt: stamp, updatedAt: stamp },
];
const currencies: Currency[] = [
  { id: 1, name: 'Euro', code: 'EUR', baseUnit: 100, enabled: true, createdAt: stamp, updatedAt: stamp },
  { id: 2, name: 'Ghana Cedi', code: 'GHS', baseUnit: 100, enabled: true, createdAt: stamp, updatedAt: stamp },
  { id: 3, name: 'US Dollar', code: 'USD', baseUnit: 100, enabled: true, createdAt: stamp, updatedAt: stamp },
];

/** The API as the screen sees it; `override` answers first when it returns something. */
function api(override: (request: RoutedRequest) => RoutedResponse | undefined = () => undefined) {
  return routeFetch((request) => {
    const special = override(request);
    if (special) return special;
    if (request.path === '/api/countries') return { body: listOf(countries) };
    if (request.path === '/api/currencies') return { body: listOf(currencies) };
    if (request.method === 'GET' && request.path === '/api/organisations') return { body: listOf([acme], 1, 10, 1) };
    return undefined;
  });
}

beforeEach(() => {
  $session.set({ status: 'authenticated', user: superadmin });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  $session.set({ status: 'loading', user: null });
});

const messages = () => $toasts.get().map((t) => [t.type, t.title, t.message].filter(Boolean).join(': '));

async function openCreate() {
  render(<Organisations />);
  await screen.findByRole('table', { name: 'Organisations' });
  fireEvent.click(screen.getByRole('button', { name: 'Create Organisation' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Organisation' });
  await waitFor(() => expect(within(dialog).getByLabelText<HTMLSelectElement>(/^Country/).disabled).toBe(false));
  await waitFor(() => expect(within(dialog).getByLabelText<HTMLSelectElement>('Add Currency').disabled).toBe(false));
  return dialog;
}

function addCurrency(dialog: HTMLElement, code: string) {
  fireEvent.change(within(dialog).getByLabelText('Add Currency'), { target: { value: code } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
}

const optionValues = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => o.value);

test('the table shows Name, Code, Country, API Token and Actions, with the token in full and a copy button', async () => {
  const writeText = vi.fn(() => Promise.resolve());
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
  const { requests } = api();
  render(<Organisations />);
  const table = await screen.findByRole('table', { name: 'Organisations' });
  expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/organisations', query: { page: '1', pageSize: '10' } });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Name', 'Code', 'Country', 'API Token', 'Actions']);
  const token = table.querySelector('code');
  expect(token?.textContent).toBe(acme.apiToken);
  expect(token?.getAttribute('title')).toBe(acme.apiToken);
  expect(within(table).getByText('Ghana')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Copy API token of Acme Pay' }));
  await waitFor(() => expect(messages()).toEqual(['success: Copied to clipboard']));
  expect(writeText).toHaveBeenCalledWith(acme.apiToken);
});

test("'Failed to load organisations' when the list cannot be loaded", async () => {
  api((request) => (request.path === '/api/organisations' ? errorBody(500, 'Internal Server Error', '') : undefined));
  render(<Organisations />);
  await waitFor(() => expect(messages()).toEqual(['error: Failed to load organisations: Internal Server Error']));
});

test('searching waits for the typing to stop and starts from page 1', async () => {
  const { requests } = api((request) =>
    request.method === 'GET' && request.path === '/api/organisations'
      ? { body: listOf([acme], Number(request.query['page']), 10, 25) }
      : undefined,
  );
  render(<Organisations />);
  await screen.findByRole('table', { name: 'Organisations' });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(requests.at(-1)?.query['page']).toBe('2'));
  const box = screen.getByRole('searchbox', { name: 'Search organisations' });
  fireEvent.change(box, { target: { value: 'ac' } });
  fireEvent.change(box, { target: { value: 'acme' } });
  await waitFor(() => expect(requests.at(-1)?.query).toMatchObject({ search: 'acme', page: '1' }));
  expect(requests.filter((r) => r.query['search'] === 'ac')).toEqual([]);
});

test('create: the first currency added becomes the default; the default offers only chosen ones; no duplicates', async () => {
  const { requests } = api();
  const dialog = await openCreate();
  expect(requests.find((r) => r.path === '/api/countries')?.query).toEqual({ all: 'true', enabled: 'true' });
  expect(requests.find((r) => r.path === '/api/currencies')?.query).toEqual({ all: 'true', enabled: 'true' });
  expect(optionValues(within(dialog).getByLabelText(/^Country/))).toEqual(['', 'GH', 'NG']);

  const defaultSelect = within(dialog).getByLabelText<HTMLSelectElement>('Default Currency');
  expect(defaultSelect.disabled).toBe(true);
  addCurrency(dialog, 'GHS');
  expect(defaultSelect.disabled).toBe(false);
  expect(defaultSelect.value).toBe('GHS');
  expect(optionValues(within(dialog).getByLabelText('Add Currency'))).toEqual(['', 'EUR', 'USD']);
  addCurrency(dialog, 'USD');
  expect(defaultSelect.value).toBe('GHS');
  expect(optionValues(defaultSelect)).toEqual(['GHS', 'USD']);
  fireEvent.change(defaultSelect, { target: { value: 'USD' } });
  expect(defaultSelect.value).toBe('USD');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Remove USD' }));
  expect(defaultSelect.value).toBe('GHS');
  expect(within(dialog).getByRole('list', { name: 'Selected currencies' }).textContent).toContain('Default');
});

test('create: name, contact email, code and country are required; then POST and the success toast', async () => {
  const { requests } = api((request) =>
    request.method === 'POST' ? { status: 201, body: { ...acme, id: 8, name: 'Kumasi Traders', code: 'KT' } } : undefined,
  );
  const dialog = await openCreate();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Organisation' }));
  for (const text of ['Name is required.', 'Contact email is required.', 'Code is required.', 'Country is required.']) {
    expect(within(dialog).getByText(text)).toBeTruthy();
  }
  expect(
    within(dialog)
      .getByLabelText(/^Contact Email/)
      .getAttribute('type'),
  ).toBe('email');

  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Kumasi Traders' } });
  fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: 'kt' } });
  fireEvent.change(within(dialog).getByLabelText(/^Contact Email/), { target: { value: 'ops@kumasi.test' } });
  fireEvent.change(within(dialog).getByLabelText(/^Country/), { target: { value: 'GH' } });
  addCurrency(dialog, 'GHS');
  addCurrency(dialog, 'USD');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Organisation' }));
  await waitFor(() => expect(messages()).toEqual(['success: Organisation created successfully!']));
  expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
    name: 'Kumasi Traders',
    email: 'ops@kumasi.test',
    code: 'KT',
    country: 'GH',
    currencies: ['GHS', 'USD'],
    defaultCurrency: 'GHS',
  });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Organisation' })).toBeNull());
});

test("create: a refusal shows 'Failed to create organisation.' with the server's message", async () => {
  api((request) => (request.method === 'POST' ? errorBody(409, 'Conflict', 'An organisation with code ACME already exists.') : undefined));
  const dialog = await openCreate();
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Acme Again' } });
  fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: 'ACME' } });
  fireEvent.change(within(dialog).getByLabelText(/^Contact Email/), { target: { value: 'ops@acme.test' } });
  fireEvent.change(within(dialog).getByLabelText(/^Country/), { target: { value: 'GH' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Organisation' }));
  await waitFor(() =>
    expect(messages()).toEqual(['error: Failed to create organisation.: An organisation with code ACME already exists.']),
  );
  expect(screen.getByRole('dialog', { name: 'Create Organisation' })).toBeTruthy();
});

test("'Could not load countries.' when the create form cannot load them", async () => {
  api((request) => (request.path === '/api/countries' ? errorBody(500, 'Internal Server Error', '') : undefined));
  render(<Organisations />);
  await screen.findByRole('table', { name: 'Organisations' });
  fireEvent.click(screen.getByRole('button', { name: 'Create Organisation' }));
  await waitFor(() => expect(messages()).toEqual(['error: Could not load countries.: Internal Server Error']));
});

test('edit: fields start from the organisation; a stray default shows a hint; PATCH sends every field', async () => {
  const { requests } = api((request) => (request.method === 'PATCH' ? { body: { ...acme, name: 'Acme Payments' } } : undefined));
  render(<Organisations />);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Acme Pay' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Organisation' });
  await waitFor(() => expect(within(dialog).getByLabelText<HTMLSelectElement>(/^Country/).disabled).toBe(false));
  expect(within(dialog).getByLabelText<HTMLInputElement>(/^Currencies/).value).toBe('GHS, USD');
  expect(within(dialog).getByLabelText<HTMLSelectElement>(/^Country/).value).toBe('GH');
  expect(within(dialog).getByLabelText('Callback URL').getAttribute('type')).toBe('url');
  expect(within(dialog).getByLabelText('Notifier URL').getAttribute('type')).toBe('url');
  for (const label of [
    'Address Line 1',
    'Address Line 2',
    'City',
    'State / Region',
    'Postal Code',
    'Phone',
    'Website URL',
    'Tax ID',
    'Registration Number',
    'Invoice Footer Note',
  ]) {
    expect(within(dialog).getByLabelText(label)).toBeTruthy();
  }

  fireEvent.change(within(dialog).getByLabelText('Default Currency'), { target: { value: 'eur' } });
  expect(within(dialog).getByText('The default currency should be one of the currencies above.')).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText(/^Currencies/), { target: { value: 'ghs, usd, eur' } });
  expect(within(dialog).queryByText('The default currency should be one of the currencies above.')).toBeNull();

  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Acme Payments' } });
  fireEvent.change(within(dialog).getByLabelText('City'), { target: { value: '' } });
  fireEvent.click(within(dialog).getByLabelText('Collects government payments'));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(messages()).toEqual(['success: Organisation updated successfully!']));
  const patch = requests.find((r) => r.method === 'PATCH');
  expect(patch?.path).toBe('/api/organisations/7');
  expect(patch?.body).toMatchObject({
    name: 'Acme Payments',
    email: 'ops@acme.test',
    country: 'GH',
    currencies: ['GHS', 'USD', 'EUR'],
    defaultCurrency: 'EUR',
    city: null,
    addressLine1: '12 Independence Avenue',
    collectsGovernmentPayments: true,
  });
});

test('edit: required fields and URL types are checked; a refusal shows the server message', async () => {
  const { requests } = api((request) => (request.method === 'PATCH' ? errorBody(400, 'Bad Request', 'Unknown currency: XYZ.') : undefined));
  render(<Organisations />);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Acme Pay' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Organisation' });
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: '' } });
  fireEvent.change(within(dialog).getByLabelText(/^Currencies/), { target: { value: '' } });
  fireEvent.change(within(dialog).getByLabelText('Callback URL'), { target: { value: 'not a url' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(within(dialog).getByText('Name is required.')).toBeTruthy();
  expect(within(dialog).getByText('Add at least one currency code, separated by commas.')).toBeTruthy();
  expect(within(dialog).getByText('Callback URL must be an http(s) URL.')).toBeTruthy();
  expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Acme Pay' } });
  fireEvent.change(within(dialog).getByLabelText(/^Currencies/), { target: { value: 'GHS, XYZ' } });
  fireEvent.change(within(dialog).getByLabelText('Callback URL'), { target: { value: '' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(messages()).toEqual(['error: Failed to update organisation.: Unknown currency: XYZ.']));
  expect(screen.getByRole('dialog', { name: 'Edit Organisation' })).toBeTruthy();
});

test('delete asks first, then deletes with the spec toasts (or shows why it was refused)', async () => {
  let refuse = false;
  const { requests } = api((request) => {
    if (request.method !== 'DELETE') return undefined;
    return refuse
      ? errorBody(409, 'Conflict', 'This organisation still has 2 users; delete them first.')
      : { body: { message: 'Organisation deleted.' } };
  });
  render(<Organisations />);
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Acme Pay' }));
  const confirm = screen.getByRole('dialog', { name: 'Delete organisation' });
  expect(confirm.textContent).toContain('Are you sure you want to delete the organisation Acme Pay?');
  fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(messages()).toEqual(['success: Organisation deleted successfully!']));
  expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/organisations/7']);

  clearToasts();
  refuse = true;
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Acme Pay' }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete organisation' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() =>
    expect(messages()).toEqual(['error: Failed to delete organisation.: This organisation still has 2 users; delete them first.']),
  );
});
