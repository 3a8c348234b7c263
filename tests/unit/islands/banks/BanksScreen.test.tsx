// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import BanksScreen from '../../../../src/islands/banks/BanksScreen.tsx';
import { loadMonacoEditor } from '../../../../src/islands/ui/monaco/load-monaco-editor.ts';
import type { Bank, User } from '../../../../src/lib/api/types.ts';
import { DEFAULT_BANK_API_CONFIG } from '../../../../src/lib/bank-api-config.ts';
import { placeholderLogo } from '../../../../src/lib/logo.ts';
import { $session } from '../../../../src/lib/stores/session.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';
import { errorBody, routeFetch } from '../../support/fetch-routes.ts';

// Monaco never arrives here: the config editor keeps its plain text area, which these tests type into.
vi.mock('../../../../src/islands/ui/monaco/load-monaco-editor.ts', () => ({ loadMonacoEditor: vi.fn() }));

const user = (role: User['role']): User => ({
  id: 1,
  name: 'Ama',
  email: 'ama@payrail.test',
  role,
  avatar: null,
  orgId: 7,
  organisation: null,
});

const bank = (id: number, name: string, code: string, extra: Partial<Bank> = {}): Bank => ({
  id,
  orgId: null,
  code,
  name,
  logoUrl: null,
  apiConfig: DEFAULT_BANK_API_CONFIG,
  createdAt: '2026-03-05T14:07:00.000Z',
  updatedAt: '2026-03-05T14:07:00.000Z',
  ...extra,
});

const gcb = bank(1, 'GCB Bank', 'GCB', { logoUrl: 'http://cdn.example/gcb.png' });
const absa = bank(2, 'Absa Ghana', 'ABSA');

beforeEach(() => {
  vi.mocked(loadMonacoEditor).mockReturnValue(new Promise(() => {}));
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
const card = (name: string) => screen.getByRole('article', { name });
const cardNames = () => screen.queryAllByRole('article').map((article) => within(article).getByRole('heading').textContent);
const textbox = (scope: HTMLElement, name: string) => within(scope).getByRole<HTMLInputElement>('textbox', { name });

test("a superadmin gets 'Banks': the global banks as cards with logo, name, code and updated time", async () => {
  const { requests } = routeFetch(() => ({ body: [gcb, absa] }));
  render(<BanksScreen />);
  await screen.findByRole('article', { name: 'GCB Bank' });
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Banks');
  expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/banks']);
  expect(cardNames()).toEqual(['Absa Ghana', 'GCB Bank']);
  const gcbCard = card('GCB Bank');
  expect(gcbCard.textContent).toContain('GCB');
  expect(gcbCard.textContent).toMatch(/Updated 5 Mar 2026, \d\d:\d\d/);
  expect(gcbCard.textContent).toContain('https://api.bank.example');
  // http logo URLs are upgraded to https; a broken one falls back to the placeholder.
  const logo = within(gcbCard).getByRole<HTMLImageElement>('img', { name: 'GCB Bank logo' });
  expect(logo.getAttribute('src')).toBe('https://cdn.example/gcb.png');
  // Query afresh each time: a reload of the list may have replaced the element meanwhile.
  const gcbLogo = () => within(card('GCB Bank')).getByRole<HTMLImageElement>('img', { name: 'GCB Bank logo' });
  await waitFor(() => {
    fireEvent.error(gcbLogo());
    expect(gcbLogo().getAttribute('src')).toBe(placeholderLogo('GCB Bank'));
  });
  expect(card('Absa Ghana').querySelector('img')?.getAttribute('src')).toBe(placeholderLogo('Absa Ghana'));
});

test("an orgadmin gets 'Organisation Banks' from the organisation's endpoint", async () => {
  $session.set({ status: 'authenticated', user: user('orgadmin') });
  const { requests } = routeFetch(() => ({ body: [] }));
  render(<BanksScreen />);
  await screen.findByText('No banks yet.');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Organisation Banks');
  expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/organisations/my-organisation/banks']);
});

test("create: the default config, code trimmed and upper-cased, name trimmed, then 'Bank created'", async () => {
  $session.set({ status: 'authenticated', user: user('orgadmin') });
  const created = bank(5, 'Ghana Commercial Bank', 'GCB', { orgId: 7 });
  const { requests } = routeFetch((request) => (request.method === 'POST' ? { status: 201, body: created } : { body: [absa] }));
  render(<BanksScreen />);
  await screen.findByRole('article', { name: 'Absa Ghana' });
  fireEvent.click(screen.getByRole('button', { name: 'Add Bank' }));
  const region = screen.getByRole('region', { name: 'New bank' });
  expect(document.activeElement).toBe(textbox(region, 'Name'));
  const config = textbox(region, 'API config (JSON)');
  expect(JSON.parse(config.value)).toEqual(DEFAULT_BANK_API_CONFIG);
  await within(region).findByText('Config is valid.');
  fireEvent.change(textbox(region, 'Name'), { target: { value: '  Ghana Commercial Bank ' } });
  fireEvent.change(textbox(region, 'Code'), { target: { value: ' gcb ' } });
  fireEvent.click(within(region).getByRole('button', { name: 'Create Bank' }));
  await waitFor(() => expect(messages()).toEqual(['success: Bank created']));
  expect(requests.find((r) => r.method === 'POST')).toEqual({
    method: 'POST',
    path: '/api/organisations/my-organisation/banks',
    query: {},
    body: { code: 'GCB', name: 'Ghana Commercial Bank', logoUrl: null, apiConfig: DEFAULT_BANK_API_CONFIG },
  });
  await waitFor(() => expect(cardNames()).toEqual(['Absa Ghana', 'Ghana Commercial Bank']));
  expect(screen.queryByRole('region', { name: 'New bank' })).toBeNull();
});

test("invalid JSON: flagged live, 'Invalid API config JSON' on submit, and nothing is sent", async () => {
  const { requests } = routeFetch(() => ({ body: [] }));
  render(<BanksScreen />);
  await screen.findByText('No banks yet.');
  fireEvent.click(screen.getAllByRole('button', { name: 'Add Bank' })[0] as HTMLElement);
  const region = screen.getByRole('region', { name: 'New bank' });
  fireEvent.change(textbox(region, 'Name'), { target: { value: 'GCB Bank' } });
  fireEvent.change(textbox(region, 'Code'), { target: { value: 'gcb' } });
  fireEvent.change(textbox(region, 'API config (JSON)'), { target: { value: '{ "baseUrl": ' } });
  await within(region).findByText(/^Invalid config JSON: /);
  fireEvent.click(within(region).getByRole('button', { name: 'Create Bank' }));
  expect(messages()).toEqual(['error: Invalid API config JSON']);
  expect(within(region).getByText('Invalid API config JSON', { selector: '.field__error' })).toBeTruthy();
  expect(textbox(region, 'API config (JSON)').getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(textbox(region, 'API config (JSON)'));
  expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
});

test("the banks' config editor is the gateways' one, with the shared validator's errors and hints live", async () => {
  routeFetch(() => ({ body: [] }));
  render(<BanksScreen />);
  await screen.findByText('No banks yet.');
  fireEvent.click(screen.getAllByRole('button', { name: 'Add Bank' })[0] as HTMLElement);
  const region = screen.getByRole('region', { name: 'New bank' });
  expect(loadMonacoEditor).not.toHaveBeenCalled();
  fireEvent.focus(textbox(region, 'API config (JSON)'));
  fireEvent.change(textbox(region, 'API config (JSON)'), {
    target: { value: JSON.stringify({ baseUrl: 'https://a.example', auth: { type: 'header' }, init: { method: 'POST', url: '/x' } }) },
  });
  expect(loadMonacoEditor).toHaveBeenCalled();
  const check = within(region).getByRole('status', { name: 'API config (JSON) check' });
  await waitFor(() => expect(check.textContent).toContain('auth type header needs headerName.'));
  expect(check.textContent).toContain('verify is required, with method and url (use {reference}).');
  expect(check.textContent).toContain('init.response.providerReference is recommended.');
  expect(within(check).getByText(/^2 errors, \d+ suggestions?\.$/)).toBeTruthy();
});

test("edit: the inline form sends PATCH and shows 'Changes saved'; a refusal shows the server's message", async () => {
  let refuse = true;
  const { requests } = routeFetch((request) => {
    if (request.method !== 'PATCH') return { body: [gcb] };
    if (refuse) return errorBody(400, 'Bad Request', 'API config is invalid: baseUrl is required.');
    return { body: { ...gcb, name: 'GCB Bank PLC', updatedAt: '2026-03-06T09:00:00.000Z' } };
  });
  render(<BanksScreen />);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit GCB Bank' }));
  const form = card('GCB Bank');
  expect(textbox(form, 'Name').value).toBe('GCB Bank');
  expect(textbox(form, 'Code').value).toBe('GCB');
  expect(textbox(form, 'Logo URL').value).toBe('http://cdn.example/gcb.png');
  fireEvent.change(textbox(form, 'Name'), { target: { value: ' GCB Bank PLC ' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(messages()).toEqual(['error: Failed to save bank.: API config is invalid: baseUrl is required.']));
  expect(textbox(form, 'Name').value).toBe('GCB Bank PLC');

  refuse = false;
  clearToasts();
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(messages()).toEqual(['success: Changes saved']));
  expect(requests.filter((r) => r.method === 'PATCH').at(-1)).toEqual({
    method: 'PATCH',
    path: '/api/banks/1',
    query: {},
    body: { code: 'GCB', name: 'GCB Bank PLC', logoUrl: 'http://cdn.example/gcb.png', apiConfig: DEFAULT_BANK_API_CONFIG },
  });
  await waitFor(() => expect(cardNames()).toEqual(['GCB Bank PLC']));
  expect(within(card('GCB Bank PLC')).queryByRole('textbox')).toBeNull();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit GCB Bank PLC' }));
});

test('a logo can be uploaded: its URL fills the Logo URL field', async () => {
  const { requests } = routeFetch((request) =>
    request.path === '/api/files/upload'
      ? { status: 201, body: { url: '/api/files/abc123', contentType: 'image/png', size: 70 } }
      : { body: [gcb] },
  );
  render(<BanksScreen />);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit GCB Bank' }));
  const form = card('GCB Bank');
  const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
  fireEvent.change(within(form).getByLabelText('Upload logo'), { target: { files: [file] } });
  await waitFor(() => expect(textbox(form, 'Logo URL').value).toBe('/api/files/abc123'));
  expect(requests.find((r) => r.path === '/api/files/upload')?.method).toBe('POST');

  const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
  fireEvent.change(within(form).getByLabelText('Upload logo'), { target: { files: [svg] } });
  expect(within(form).getByText('Choose a PNG, JPEG or GIF image.')).toBeTruthy();
  expect(requests.filter((r) => r.path === '/api/files/upload')).toHaveLength(1);
});

test("delete asks first, then DELETE and 'Bank deleted'", async () => {
  const { requests } = routeFetch((request) =>
    request.method === 'DELETE' ? { body: { message: 'Bank deleted.' } } : { body: [gcb, absa] },
  );
  render(<BanksScreen />);
  fireEvent.click(await screen.findByRole('button', { name: 'Delete GCB Bank' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete bank' });
  expect(dialog.textContent).toContain('Are you sure you want to delete the bank GCB Bank (GCB)? This cannot be undone.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(messages()).toEqual(['success: Bank deleted']));
  expect(requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/banks/1');
  expect(cardNames()).toEqual(['Absa Ghana']);
});

test("'Failed to load banks' when the list cannot be loaded", async () => {
  routeFetch(() => errorBody(500, 'Internal Server Error', 'Boom.'));
  render(<BanksScreen />);
  await screen.findByText('The banks could not be loaded.');
  expect(messages()).toEqual(['error: Failed to load banks: Boom.']);
  expect(screen.queryByRole('article')).toBeNull();
});
