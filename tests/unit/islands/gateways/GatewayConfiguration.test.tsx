// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import GatewayConfiguration from '../../../../src/islands/gateways/GatewayConfiguration.tsx';
import { loadMonacoEditor } from '../../../../src/islands/ui/monaco/load-monaco-editor.ts';
import type { Gateway, Provider, ProviderConstraints, User } from '../../../../src/lib/api/types.ts';
import { configText, minimalConfigTemplate } from '../../../../src/lib/gateway-form.ts';
import { loadConfigValidator } from '../../../../src/lib/load-config-validator.ts';
import { $session } from '../../../../src/lib/stores/session.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';
import { errorBody, routeFetch, type RoutedRequest, type RoutedResponse } from '../../support/fetch-routes.ts';

// Monaco never loads in unit tests: the editors stay the textarea fallback.
vi.mock('../../../../src/islands/ui/monaco/load-monaco-editor.ts', () => ({ loadMonacoEditor: vi.fn() }));

const superadmin: User = {
  id: 1,
  name: 'Ama',
  email: 'ama@payrail.test',
  role: 'superadmin',
  avatar: null,
  orgId: null,
  organisation: null,
};
const orgadmin: User = { ...superadmin, id: 2, role: 'orgadmin', orgId: 5, organisation: { id: 5, name: 'Demo' } };

const config = minimalConfigTemplate('https://api.paystack.co');
const sample = { ...minimalConfigTemplate('https://api.paystack.co'), settings: { merchant: 'M-1' } };

const paystackProvider: Provider = {
  id: 2,
  name: 'paystack',
  displayName: 'Paystack',
  defaultBaseUrl: 'https://api.paystack.co',
  constraintsRequired: ['secretKey', 'publicKey', 'webhookSecret'],
  constraintsOptional: ['baseUrl', 'sandbox'],
  notes: null,
  successStatuses: ['success'],
  verifySuccessStatuses: ['success'],
  webhookHeaderName: 'x-paystack-signature',
  outboundHeaderName: null,
  hmacAlgo: 'sha512',
  sampleInbound: null,
  sampleOutbound: null,
  sampleConfig: sample,
  builtIn: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const gateway = (id: number, name: string, extra: Partial<Gateway> = {}): Gateway => ({
  id,
  orgId: null,
  name,
  provider: 'paystack',
  providerId: 2,
  providerDisplayName: 'Paystack',
  publicKey: '••••ub_1',
  secretKey: '••••ec_2',
  webhookSecret: '••••wh_3',
  baseUrl: null,
  hmacAlgo: 'sha512',
  sandbox: false,
  priority: 1,
  enabled: true,
  config,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const main = gateway(1, 'Paystack main');
const backup = gateway(2, 'Paystack backup', { priority: 2, enabled: false });

beforeAll(async () => {
  await loadConfigValidator();
});

beforeEach(() => {
  vi.mocked(loadMonacoEditor).mockReturnValue(new Promise(() => {}));
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

/** Answers the superadmin screen's calls; `extra` handles the rest (POST, PATCH, DELETE). */
function superadminApi(gateways: Gateway[], extra?: (request: RoutedRequest) => RoutedResponse | undefined) {
  $session.set({ status: 'authenticated', user: superadmin });
  return routeFetch((request) => {
    if (request.method === 'GET' && request.path === '/api/gateways') return { body: gateways };
    if (request.method === 'GET' && request.path === '/api/psp') return { body: [paystackProvider] };
    return extra?.(request);
  });
}

const card = (name: string) => screen.getByRole('article', { name });
const configField = (scope: HTMLElement) => within(scope).getByRole<HTMLTextAreaElement>('textbox', { name: /^Config/ });

test('superadmin: the global gateways as cards by priority, each an inline form showing the masks', async () => {
  const { requests } = superadminApi([backup, main]);
  render(<GatewayConfiguration />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Payment Gateway Configuration' })).toBeTruthy();
  const cards = await screen.findAllByRole('article');
  expect(cards.map((c) => within(c).getByRole('heading', { level: 2 }).textContent)).toEqual(['Paystack main', 'Paystack backup']);
  expect(requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(['GET /api/gateways', 'GET /api/psp']);

  const item = card('Paystack main');
  expect(within(item).getByRole<HTMLInputElement>('textbox', { name: 'Provider' }).readOnly).toBe(true);
  const secret = within(item).getByLabelText<HTMLInputElement>(/^Secret Key/);
  expect(secret.type).toBe('password');
  expect(secret.value).toBe('••••ec_2');
  expect(within(item).getByLabelText<HTMLSelectElement>('HMAC Algorithm').value).toBe('sha512');
  expect(within(item).getByLabelText<HTMLInputElement>(/^Priority/).min).toBe('1');
  expect(JSON.parse(configField(item).value)).toEqual(config);
  expect(within(item).getByRole('switch', { name: 'Paystack main enabled' }).getAttribute('aria-checked')).toBe('true');
  expect(within(card('Paystack backup')).getByRole('switch', { name: 'Paystack backup enabled' }).getAttribute('aria-checked')).toBe(
    'false',
  );
  expect(within(item).getByText('http://localhost:3000/api/webhooks/psp/paystack')).toBeTruthy();
  fireEvent.click(within(item).getByRole('button', { name: 'Show Secret Key' }));
  expect(secret.type).toBe('text');
  expect(screen.getByText('2 gateways · 1 enabled')).toBeTruthy();
  await waitFor(() => expect(within(item).getByRole('status', { name: 'Config check' }).textContent).toBe('Config is valid.'));
});

test('an empty state when there are no gateways', async () => {
  superadminApi([]);
  render(<GatewayConfiguration />);
  expect(await screen.findByText('No gateways configured yet.')).toBeTruthy();
  expect(screen.queryByRole('article')).toBeNull();
});

test("orgadmin: the organisation's endpoints and the constraints list (never /psp)", async () => {
  $session.set({ status: 'authenticated', user: orgadmin });
  const constraints: ProviderConstraints = {
    paystack: { required: ['secretKey', 'publicKey', 'webhookSecret'], optional: [], defaultBaseUrl: 'https://api.paystack.co' },
  };
  const { requests } = routeFetch((request) => {
    if (request.path === '/api/organisations/my-organisation/gateways') return { body: [{ ...main, orgId: 5 }] };
    if (request.path === '/api/gateways/providers/constraints') return { body: constraints };
    if (request.method === 'PATCH') return { body: { ...main, orgId: 5, enabled: false } };
    return { status: 404, body: {} };
  });
  render(<GatewayConfiguration />);
  const item = await screen.findByRole('article', { name: 'Paystack main' });
  await waitFor(() => expect(requests).toHaveLength(2));
  expect(requests.map((r) => r.path).sort()).toEqual([
    '/api/gateways/providers/constraints',
    '/api/organisations/my-organisation/gateways',
  ]);
  fireEvent.click(within(item).getByRole('switch', { name: 'Paystack main enabled' }));
  await waitFor(() => expect(requests.at(-1)).toMatchObject({ method: 'PATCH', path: '/api/organisations/my-organisation/gateways/1' }));

  fireEvent.click(screen.getByRole('button', { name: 'Create Gateway' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Gateway' });
  fireEvent.change(within(dialog).getByLabelText(/^Provider/), { target: { value: 'paystack' } });
  // No sample config in the constraints list: the minimal template, on the provider's default base URL.
  expect(JSON.parse(configField(dialog).value)).toEqual(minimalConfigTemplate('https://api.paystack.co'));
  expect(within(dialog).getByLabelText<HTMLSelectElement>('HMAC Algorithm').value).toBe('sha512');
});

test("'Failed to load providers' falls back to the built-in provider list", async () => {
  $session.set({ status: 'authenticated', user: superadmin });
  routeFetch((request) => (request.path === '/api/psp' ? errorBody(500, 'Internal Server Error', 'boom') : { body: [] }));
  render(<GatewayConfiguration />);
  await waitFor(() => expect(messages()).toEqual(['error: Failed to load providers']));
  fireEvent.click(screen.getByRole('button', { name: 'Create Gateway' }));
  const select = within(screen.getByRole('dialog', { name: 'Create Gateway' })).getByLabelText<HTMLSelectElement>(/^Provider/);
  expect([...select.options].map((o) => o.value)).toEqual(['', 'sandbox', 'paystack', 'hubtel', 'xmlpay']);
});

test('create: provider required, then its sample config, required credentials, invalid JSON, and success', async () => {
  const created = gateway(3, 'Paystack new', { priority: 1 });
  const { requests } = superadminApi([main], (request) => (request.method === 'POST' ? { status: 201, body: created } : undefined));
  render(<GatewayConfiguration />);
  await screen.findByRole('article', { name: 'Paystack main' });
  fireEvent.click(screen.getByRole('button', { name: 'Create Gateway' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Gateway' });
  expect(within(dialog).getByLabelText<HTMLInputElement>(/^Priority/).value).toBe('1');
  expect(within(dialog).getByLabelText<HTMLSelectElement>('HMAC Algorithm').value).toBe('sha256');

  fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
  expect(messages()).toEqual(['error: Provider required: Please select a payment provider.']);
  expect(within(dialog).getAllByText('Please select a payment provider.')).toHaveLength(1);
  expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  clearToasts();

  await waitFor(() => expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: /^Provider/ }).options).toHaveLength(2));
  fireEvent.change(within(dialog).getByLabelText(/^Provider/), { target: { value: 'paystack' } });
  expect(JSON.parse(configField(dialog).value)).toEqual(sample);
  expect(within(dialog).getByLabelText<HTMLSelectElement>('HMAC Algorithm').value).toBe('sha512');
  for (const label of ['Public Key', 'Secret Key', 'Webhook Secret']) {
    expect(within(dialog).getByText(label).closest('label')?.querySelector('.field__required')).toBeTruthy();
  }

  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Paystack new' } });
  fireEvent.change(within(dialog).getByLabelText(/^Public Key/), { target: { value: 'pk_1' } });
  fireEvent.change(within(dialog).getByLabelText(/^Secret Key/), { target: { value: 'sk_2' } });
  fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
  expect(within(dialog).getByText('Webhook Secret is required by Paystack.')).toBeTruthy();
  expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

  fireEvent.click(within(dialog).getByRole('button', { name: 'Generate webhook secret' }));
  expect(messages()).toEqual(['info: Secret generated. Remember to save.']);
  const secret = within(dialog).getByLabelText<HTMLInputElement>(/^Webhook Secret/).value;
  expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
  clearToasts();

  fireEvent.change(configField(dialog), { target: { value: '{ not json' } });
  fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
  expect(messages()).toEqual(['error: Invalid config JSON: Please provide valid JSON in Config.']);
  expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  clearToasts();

  fireEvent.change(configField(dialog), { target: { value: configText(config) } });
  fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
  await waitFor(() => expect(messages()).toEqual(['success: Gateway created successfully!']));
  expect(requests.filter((r) => r.method === 'POST')).toEqual([
    {
      method: 'POST',
      path: '/api/gateways',
      query: {},
      body: {
        name: 'Paystack new',
        provider: 'paystack',
        publicKey: 'pk_1',
        secretKey: 'sk_2',
        webhookSecret: secret,
        hmacAlgo: 'sha512',
        sandbox: false,
        priority: 1,
        config,
      },
    },
  ]);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByRole('article', { name: 'Paystack new' })).toBeTruthy();
});

test("create: a refusal from the server shows 'Failed to save gateway' with its message and keeps the form", async () => {
  superadminApi([], (request) =>
    request.method === 'POST' ? errorBody(400, 'Bad Request', 'Config is invalid: verify.url must contain {reference}.') : undefined,
  );
  render(<GatewayConfiguration />);
  await screen.findByText('No gateways configured yet.');
  fireEvent.click(screen.getByRole('button', { name: 'Create Gateway' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Gateway' });
  await waitFor(() => expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: /^Provider/ }).options).toHaveLength(2));
  fireEvent.change(within(dialog).getByLabelText(/^Provider/), { target: { value: 'paystack' } });
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'X' } });
  for (const label of [/^Public Key/, /^Secret Key/, /^Webhook Secret/]) {
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value: 'v' } });
  }
  fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
  await waitFor(() =>
    expect(messages()).toEqual(['error: Failed to save gateway: Config is invalid: verify.url must contain {reference}.']),
  );
  expect(screen.getByRole('dialog', { name: 'Create Gateway' })).toBeTruthy();
});

test("card Save: invalid JSON is not sent; a refusal names the gateway; success sends the masks back and says 'Gateway saved'", async () => {
  let answer: RoutedResponse = errorBody(400, 'Bad Request', 'Config is invalid: baseUrl is required.');
  const { requests } = superadminApi([main], (request) => (request.method === 'PATCH' ? answer : undefined));
  render(<GatewayConfiguration />);
  const item = await screen.findByRole('article', { name: 'Paystack main' });
  const form = item.querySelector('form') as HTMLFormElement;

  fireEvent.change(configField(item), { target: { value: '{ broken' } });
  expect(within(item).getByText('Unsaved changes')).toBeTruthy();
  fireEvent.submit(form);
  expect(messages()).toEqual(['error: Invalid config JSON. Not saved.']);
  expect(requests.filter((r) => r.method === 'PATCH')).toEqual([]);
  clearToasts();

  const edited = { ...config, baseUrl: 'https://alt.paystack.co' };
  fireEvent.change(configField(item), { target: { value: configText(edited) } });
  fireEvent.change(within(item).getByLabelText(/^Priority/), { target: { value: '4' } });
  fireEvent.submit(form);
  await waitFor(() =>
    expect(messages()).toEqual(['error: Failed to save Paystack main configuration: Config is invalid: baseUrl is required.']),
  );
  clearToasts();

  answer = { body: { ...main, priority: 4, config: edited } };
  fireEvent.submit(form);
  await waitFor(() => expect(messages()).toEqual(['success: Gateway saved']));
  expect(requests.filter((r) => r.method === 'PATCH').at(-1)).toEqual({
    method: 'PATCH',
    path: '/api/gateways/1',
    query: {},
    body: {
      name: 'Paystack main',
      publicKey: '••••ub_1',
      secretKey: '••••ec_2',
      webhookSecret: '••••wh_3',
      baseUrl: null,
      hmacAlgo: 'sha512',
      sandbox: false,
      priority: 4,
      config: edited,
    },
  });
  expect(within(item).queryByText('Unsaved changes')).toBeNull();
  expect(within(item).getByText('Priority 4')).toBeTruthy();
});

test('the enabled switch saves at once; Generate fills a secret without saving it', async () => {
  const { requests } = superadminApi([main], (request) =>
    request.method === 'PATCH' ? { body: { ...main, enabled: (request.body as { enabled: boolean }).enabled } } : undefined,
  );
  render(<GatewayConfiguration />);
  const item = await screen.findByRole('article', { name: 'Paystack main' });
  fireEvent.click(within(item).getByRole('switch', { name: 'Paystack main enabled' }));
  await waitFor(() =>
    expect(within(item).getByRole('switch', { name: 'Paystack main enabled' }).getAttribute('aria-checked')).toBe('false'),
  );
  expect(requests.filter((r) => r.method === 'PATCH')).toEqual([
    { method: 'PATCH', path: '/api/gateways/1', query: {}, body: { enabled: false } },
  ]);
  expect(messages()).toEqual(['success: Gateway disabled']);
  clearToasts();

  fireEvent.click(within(item).getByRole('button', { name: 'Generate webhook secret for Paystack main' }));
  expect(within(item).getByLabelText<HTMLInputElement>(/^Webhook Secret/).value).toMatch(/^whsec_[0-9a-f]{64}$/);
  expect(messages()).toEqual(['info: Secret generated. Remember to save.']);
  expect(within(item).getByText('Unsaved changes')).toBeTruthy();
  expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
});

test('a failed toggle keeps the switch and names the gateway', async () => {
  superadminApi([main], (request) => (request.method === 'PATCH' ? errorBody(404, 'Not Found', 'Gateway not found.') : undefined));
  render(<GatewayConfiguration />);
  const item = await screen.findByRole('article', { name: 'Paystack main' });
  fireEvent.click(within(item).getByRole('switch', { name: 'Paystack main enabled' }));
  await waitFor(() => expect(messages()).toEqual(['error: Failed to save Paystack main configuration: Gateway not found.']));
  expect(within(item).getByRole('switch', { name: 'Paystack main enabled' }).getAttribute('aria-checked')).toBe('true');
});

test('Delete Gateway asks first, then deletes and removes the card', async () => {
  const { requests } = superadminApi([main, backup], (request) =>
    request.method === 'DELETE' ? { body: { message: 'Gateway deleted.' } } : undefined,
  );
  render(<GatewayConfiguration />);
  const item = await screen.findByRole('article', { name: 'Paystack main' });
  fireEvent.click(within(item).getByRole('button', { name: 'Delete Gateway Paystack main' }));
  const confirm = screen.getByRole('dialog', { name: 'Delete gateway' });
  expect(confirm.textContent).toContain('Are you sure you want to delete the gateway Paystack main?');
  fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);

  fireEvent.click(within(item).getByRole('button', { name: 'Delete Gateway Paystack main' }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete gateway' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(messages()).toEqual(['success: Gateway deleted']));
  expect(requests.filter((r) => r.method === 'DELETE')).toEqual([
    { method: 'DELETE', path: '/api/gateways/1', query: {}, body: undefined },
  ]);
  expect(screen.queryByRole('article', { name: 'Paystack main' })).toBeNull();
  expect(screen.getByRole('article', { name: 'Paystack backup' })).toBeTruthy();
});
