// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import ProvidersScreen from '../../../../src/islands/providers/ProvidersScreen.tsx';
import type { Provider, User } from '../../../../src/lib/api/types.ts';
import { $session } from '../../../../src/lib/stores/session.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';
import { errorBody, routeFetch } from '../../support/fetch-routes.ts';

const user = (role: User['role']): User => ({
  id: 1,
  name: 'Ama',
  email: 'ama@payrail.test',
  role,
  avatar: null,
  orgId: null,
  organisation: null,
});

const provider = (id: number, name: string, displayName: string, extra: Partial<Provider> = {}): Provider => ({
  id,
  name,
  displayName,
  defaultBaseUrl: null,
  constraintsRequired: ['secretKey', 'publicKey', 'webhookSecret'],
  constraintsOptional: ['baseUrl', 'sandbox'],
  notes: null,
  successStatuses: ['success', 'paid'],
  verifySuccessStatuses: [],
  webhookHeaderName: null,
  outboundHeaderName: null,
  hmacAlgo: 'sha256',
  sampleInbound: null,
  sampleOutbound: null,
  sampleConfig: null,
  builtIn: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const sandbox = provider(1, 'sandbox', 'Sandbox PSP (built in)', {
  builtIn: true,
  constraintsRequired: ['secretKey', 'webhookSecret'],
  webhookHeaderName: 'X-Sandbox-Signature',
});
const paystack = provider(2, 'paystack', 'Paystack', { webhookHeaderName: 'x-paystack-signature', hmacAlgo: 'sha512' });

beforeEach(() => {
  $session.set({ status: 'authenticated', user: user('superadmin') });
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
const form = () => screen.getByRole('region', { name: 'Add provider' });
const rows = () =>
  within(screen.getByRole('table', { name: 'Payment providers' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');

test("'Payment Providers' lists the catalogue: built-in first, with credentials, statuses and webhook header", async () => {
  const { requests } = routeFetch(() => ({ body: [paystack, sandbox] }));
  render(<ProvidersScreen />);
  const table = await screen.findByRole('table', { name: 'Payment providers' });
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment Providers');
  expect(requests).toEqual([{ method: 'GET', path: '/api/psp', query: {}, body: undefined }]);
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Provider', 'Required credentials', 'Success statuses', 'Webhook header', 'Actions']);
  expect(rows()[0]).toContain('Built in');
  expect(rows()[0]).toContain('X-Sandbox-Signature');
  expect(rows()[1]).toContain('paystack');
  expect(rows()[1]).toContain('HMAC-SHA512');
  expect(rows()[1]).not.toContain('Built in');
});

test("create: POST /psp with the form's values, 'Provider created', the row added and the form reset", async () => {
  const created = provider(9, 'momo', 'MTN MoMo', { successStatuses: ['SUCCESSFUL'], webhookHeaderName: 'X-Momo-Signature' });
  const { requests } = routeFetch((request) => (request.method === 'POST' ? { status: 201, body: created } : { body: [sandbox] }));
  render(<ProvidersScreen />);
  await screen.findByRole('table', { name: 'Payment providers' });
  const name = within(form()).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
  fireEvent.change(name, { target: { value: 'MoMo' } });
  expect(name.value).toBe('momo');
  fireEvent.change(within(form()).getByLabelText('Display name'), { target: { value: 'MTN MoMo' } });
  fireEvent.click(within(within(form()).getByRole('group', { name: 'Optional credentials' })).getByLabelText(/Public key/));
  fireEvent.change(within(form()).getByLabelText('Success statuses'), { target: { value: 'SUCCESSFUL' } });
  fireEvent.change(within(form()).getByLabelText('Webhook header name'), { target: { value: 'X-Momo-Signature' } });
  fireEvent.change(within(form()).getByLabelText('HMAC algorithm'), { target: { value: 'sha1' } });
  fireEvent.click(within(form()).getByRole('button', { name: 'Add Provider' }));
  await waitFor(() => expect(messages()).toEqual(['success: Provider created']));
  expect(requests.find((r) => r.method === 'POST')).toEqual({
    method: 'POST',
    path: '/api/psp',
    query: {},
    body: {
      name: 'momo',
      displayName: 'MTN MoMo',
      constraintsRequired: ['secretKey', 'webhookSecret'],
      constraintsOptional: ['publicKey', 'baseUrl', 'sandbox'],
      successStatuses: ['SUCCESSFUL'],
      webhookHeaderName: 'X-Momo-Signature',
      hmacAlgo: 'sha1',
    },
  });
  await waitFor(() => expect(rows()).toHaveLength(2));
  expect(rows()[1]).toContain('MTN MoMo');
  expect(within(form()).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('');
});

test('a missing name is flagged and focused, and nothing is sent', async () => {
  const { requests } = routeFetch(() => ({ body: [sandbox] }));
  render(<ProvidersScreen />);
  await screen.findByRole('table', { name: 'Payment providers' });
  fireEvent.click(within(form()).getByRole('button', { name: 'Add Provider' }));
  expect(within(form()).getByText('Name is required.')).toBeTruthy();
  expect(document.activeElement).toBe(within(form()).getByRole('textbox', { name: 'Name' }));
  expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
});

test("a refused create shows the server's message and keeps the form", async () => {
  routeFetch((request) =>
    request.method === 'POST' ? errorBody(409, 'Conflict', 'A provider named paystack already exists.') : { body: [sandbox, paystack] },
  );
  render(<ProvidersScreen />);
  await screen.findByRole('table', { name: 'Payment providers' });
  fireEvent.change(within(form()).getByRole('textbox', { name: 'Name' }), { target: { value: 'paystack' } });
  fireEvent.click(within(form()).getByRole('button', { name: 'Add Provider' }));
  await waitFor(() => expect(messages()).toEqual(['error: Failed to create provider.: A provider named paystack already exists.']));
  expect(within(form()).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('paystack');
});

test("delete asks first, then DELETE /psp/{id}, 'Provider removed' and the row goes", async () => {
  const { requests } = routeFetch((request) =>
    request.method === 'DELETE' ? { body: { message: 'Provider removed.' } } : { body: [sandbox, paystack] },
  );
  render(<ProvidersScreen />);
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Paystack' }));
  const dialog = screen.getByRole('dialog', { name: 'Remove provider' });
  expect(dialog.textContent).toContain('Are you sure you want to remove the provider Paystack (paystack)?');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(messages()).toEqual(['success: Provider removed']));
  expect(requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/psp/2');
  expect(rows()).toHaveLength(1);
});

test("the built-in sandbox: the server's refusal is shown and the row stays", async () => {
  routeFetch((request) =>
    request.method === 'DELETE' ? errorBody(409, 'Conflict', 'The built-in Sandbox PSP cannot be removed.') : { body: [sandbox] },
  );
  render(<ProvidersScreen />);
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Sandbox PSP (built in)' }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Remove provider' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(messages()).toEqual(['error: Failed to remove provider.: The built-in Sandbox PSP cannot be removed.']));
  expect(rows()).toHaveLength(1);
});

test("'Failed to load providers' falls back to the built-in provider list, without actions", async () => {
  routeFetch(() => errorBody(500, 'Internal Server Error', 'Database is down.'));
  render(<ProvidersScreen />);
  const table = await screen.findByRole('table', { name: 'Payment providers (built-in list)' });
  expect(messages()).toEqual(['error: Failed to load providers: Database is down.']);
  for (const name of ['Sandbox PSP (built in)', 'Paystack', 'Hubtel', 'XMLPay (XML gateway)']) expect(table.textContent).toContain(name);
  expect(within(table).queryByRole('button')).toBeNull();
  expect(screen.getByText('Showing the built-in provider list.')).toBeTruthy();
});

test('an orgadmin sees the superadmin notice and nothing is loaded', () => {
  $session.set({ status: 'authenticated', user: user('orgadmin') });
  const { requests } = routeFetch(() => ({ body: [] }));
  render(<ProvidersScreen />);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment Providers');
  expect(screen.getByText('Superadmin access required')).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Add provider' })).toBeNull();
  expect(requests).toEqual([]);
});
