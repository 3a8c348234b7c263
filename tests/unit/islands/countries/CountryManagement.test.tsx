// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import CountryManagement from '../../../../src/islands/countries/CountryManagement.tsx';
import type { Country, User } from '../../../../src/lib/api/types.ts';
import { $session } from '../../../../src/lib/stores/session.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';
import { errorBody, listOf, routeFetch } from '../../support/fetch-routes.ts';

const superadmin: User = {
  id: 1,
  name: 'Ama',
  email: 'ama@payrail.test',
  role: 'superadmin',
  avatar: null,
  orgId: null,
  organisation: null,
};

const country = (id: number, name: string, code: string, enabled = true): Country => ({
  id,
  name,
  code,
  enabled,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const ghana = country(1, 'Ghana', 'GH');
const togo = country(2, 'Togo', 'TG', false);

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

test('lists the first page of countries in a table with name, code, an enabled switch and actions', async () => {
  const { requests } = routeFetch(() => ({ body: listOf([ghana, togo], 1, 10, 12) }));
  render(<CountryManagement />);
  const table = await screen.findByRole('table', { name: 'Countries' });
  expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/countries', query: { page: '1', pageSize: '10' } });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Name', 'Code', 'Enabled', 'Actions']);
  expect(screen.getByRole('switch', { name: 'Ghana enabled' }).getAttribute('aria-checked')).toBe('true');
  expect(screen.getByRole('switch', { name: 'Togo enabled' }).getAttribute('aria-checked')).toBe('false');
  expect(screen.getByRole('button', { name: 'Edit Ghana' })).toBeTruthy();
  expect(screen.getByText('Page 1 of 2')).toBeTruthy();
});

test('a new page size reloads from page 1', async () => {
  const { requests } = routeFetch((request) => ({ body: listOf([ghana], Number(request.query['page']), 10, 30) }));
  render(<CountryManagement />);
  await screen.findByRole('table', { name: 'Countries' });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(requests.at(-1)?.query).toMatchObject({ page: '2', pageSize: '10' }));
  fireEvent.change(screen.getByLabelText('Countries per page'), { target: { value: '25' } });
  await waitFor(() => expect(requests.at(-1)?.query).toMatchObject({ page: '1', pageSize: '25' }));
});

test("'Could not load countries.' when the list cannot be loaded", async () => {
  routeFetch(() => errorBody(500, 'Internal Server Error', 'Something went wrong.'));
  render(<CountryManagement />);
  await waitFor(() => expect(messages()).toEqual(['error: Could not load countries.: Something went wrong.']));
  expect(screen.queryByRole('table')).toBeNull();
});

test('the switch sends PATCH {enabled} and shows the saved state', async () => {
  const { requests } = routeFetch((request) =>
    request.method === 'PATCH' ? { body: { ...ghana, enabled: false } } : { body: listOf([ghana, togo]) },
  );
  render(<CountryManagement />);
  fireEvent.click(await screen.findByRole('switch', { name: 'Ghana enabled' }));
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Ghana enabled' }).getAttribute('aria-checked')).toBe('false'));
  expect(requests.find((r) => r.method === 'PATCH')).toEqual({
    method: 'PATCH',
    path: '/api/countries/1',
    query: {},
    body: { enabled: false },
  });
  expect(messages()).toEqual(['success: Country updated successfully!']);
});

test('create: name and code required, code upper-cased to 2 letters, then POST and reload', async () => {
  const { requests } = routeFetch((request) =>
    request.method === 'POST' ? { status: 201, body: country(3, 'Kenya', 'KE') } : { body: listOf([ghana]) },
  );
  render(<CountryManagement />);
  await screen.findByRole('table', { name: 'Countries' });
  fireEvent.click(screen.getByRole('button', { name: 'Create Country' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Country' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Country' }));
  expect(within(dialog).getByText('Name is required.')).toBeTruthy();
  expect(within(dialog).getByText('Code is required.')).toBeTruthy();
  expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Name/));

  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Kenya' } });
  const code = within(dialog).getByLabelText<HTMLInputElement>(/^Code/);
  fireEvent.change(code, { target: { value: 'ken' } });
  expect(code.value).toBe('KE');
  expect(code.maxLength).toBe(2);
  fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
  await waitFor(() => expect(messages()).toEqual(['success: Country created successfully!']));
  expect(requests.filter((r) => r.method === 'POST')).toEqual([
    { method: 'POST', path: '/api/countries', query: {}, body: { name: 'Kenya', code: 'KE' } },
  ]);
  await waitFor(() => expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test("a refused create keeps the form open and shows the server's message", async () => {
  routeFetch((request) =>
    request.method === 'POST' ? errorBody(409, 'Conflict', 'A country with this code already exists.') : { body: listOf([ghana]) },
  );
  render(<CountryManagement />);
  await screen.findByRole('table', { name: 'Countries' });
  fireEvent.click(screen.getByRole('button', { name: 'Create Country' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Country' });
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Gold Coast' } });
  fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: 'gh' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Country' }));
  await waitFor(() => expect(messages()).toEqual(['error: Failed to create country.: A country with this code already exists.']));
  expect(screen.getByRole('dialog', { name: 'Create Country' })).toBeTruthy();
  expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Create Country' }).disabled).toBe(false);
});

test('edit starts from the row and sends PATCH with name and code', async () => {
  const { requests } = routeFetch((request) =>
    request.method === 'PATCH' ? { body: { ...ghana, name: 'Republic of Ghana' } } : { body: listOf([ghana]) },
  );
  render(<CountryManagement />);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Ghana' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Country' });
  expect(within(dialog).getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Ghana');
  expect(within(dialog).getByLabelText<HTMLInputElement>(/^Code/).value).toBe('GH');
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Republic of Ghana' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(messages()).toEqual(['success: Country updated successfully!']));
  expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'Republic of Ghana', code: 'GH' });
});

test('delete asks first; Cancel sends nothing, Delete sends DELETE and reloads', async () => {
  const { requests } = routeFetch((request) =>
    request.method === 'DELETE' ? { body: { message: 'Country deleted.' } } : { body: listOf([ghana]) },
  );
  render(<CountryManagement />);
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Ghana' }));
  const confirm = screen.getByRole('dialog', { name: 'Delete country' });
  expect(confirm.textContent).toContain('Are you sure you want to delete the country Ghana (GH)?');
  fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

  fireEvent.click(screen.getByRole('button', { name: 'Delete Ghana' }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete country' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(messages()).toEqual(['success: Country deleted successfully!']));
  expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/countries/1']);
  await waitFor(() => expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2));
});

test('a refused delete shows the server message', async () => {
  routeFetch((request) =>
    request.method === 'DELETE'
      ? errorBody(409, 'Conflict', 'This country is used by 2 organisations; disable it instead.')
      : { body: listOf([ghana]) },
  );
  render(<CountryManagement />);
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Ghana' }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete country' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() =>
    expect(messages()).toEqual(['error: Failed to delete country.: This country is used by 2 organisations; disable it instead.']),
  );
});

test('an orgadmin sees the screen is for superadmins and nothing is loaded', () => {
  const { requests } = routeFetch(() => ({ body: listOf([]) }));
  act(() => $session.set({ status: 'authenticated', user: { ...superadmin, role: 'orgadmin', orgId: 2 } }));
  render(<CountryManagement />);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Country Management');
  expect(screen.getByText('Superadmin access required')).toBeTruthy();
  expect(requests).toEqual([]);
});
