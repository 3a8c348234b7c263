// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import CurrencyManagement from '../../../../src/islands/currencies/CurrencyManagement.tsx';
import type { Currency, User } from '../../../../src/lib/api/types.ts';
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

const currency = (id: number, name: string, code: string, baseUnit: number, enabled = true): Currency => ({
  id,
  name,
  code,
  baseUnit,
  enabled,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const cedi = currency(1, 'Ghana Cedi', 'GHS', 100);
const franc = currency(2, 'West African CFA Franc', 'XOF', 1, false);

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

test('lists name, code, base unit (with its decimals) and an enabled switch', async () => {
  routeFetch(() => ({ body: listOf([cedi, franc]) }));
  render(<CurrencyManagement />);
  const table = await screen.findByRole('table', { name: 'Currencies' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Name', 'Code', 'Base Unit', 'Enabled', 'Actions']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows[0]?.textContent).toContain('100');
  expect(rows[0]?.textContent).toContain('2 decimals');
  expect(rows[1]?.textContent).toContain('no decimals');
  expect(screen.getByRole('switch', { name: 'West African CFA Franc enabled' }).getAttribute('aria-checked')).toBe('false');
});

test('create: the base unit starts at 100 and is sent as an integer', async () => {
  const { requests } = routeFetch((request) =>
    request.method === 'POST' ? { status: 201, body: currency(3, 'Kenyan Shilling', 'KES', 100) } : { body: listOf([cedi]) },
  );
  render(<CurrencyManagement />);
  await screen.findByRole('table', { name: 'Currencies' });
  fireEvent.click(screen.getByRole('button', { name: 'Create Currency' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Currency' });
  expect(within(dialog).getByLabelText<HTMLInputElement>(/^Base Unit/).value).toBe('100');
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Kenyan Shilling' } });
  fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: 'kes' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Currency' }));
  await waitFor(() => expect(messages()).toEqual(['success: Currency created successfully!']));
  expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Kenyan Shilling', code: 'KES', baseUnit: 100 });
});

test('create: name, code and base unit are required and the base unit must be a whole number', async () => {
  const { requests } = routeFetch(() => ({ body: listOf([cedi]) }));
  render(<CurrencyManagement />);
  await screen.findByRole('table', { name: 'Currencies' });
  fireEvent.click(screen.getByRole('button', { name: 'Create Currency' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Currency' });
  fireEvent.change(within(dialog).getByLabelText(/^Base Unit/), { target: { value: '' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Currency' }));
  expect(within(dialog).getByText('Name is required.')).toBeTruthy();
  expect(within(dialog).getByText('Code is required.')).toBeTruthy();
  expect(within(dialog).getByText('Base unit is required.')).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText(/^Base Unit/), { target: { value: '2.5' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Currency' }));
  expect(within(dialog).getByText('Base unit must be a whole number.')).toBeTruthy();
  expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
});

test('toggle, edit and delete call the currency endpoints with the spec toasts', async () => {
  const { requests } = routeFetch((request) => {
    if (request.method === 'PATCH') return { body: { ...cedi, ...(request.body as object) } };
    if (request.method === 'DELETE') return { body: { message: 'Currency deleted.' } };
    return { body: listOf([cedi]) };
  });
  render(<CurrencyManagement />);
  fireEvent.click(await screen.findByRole('switch', { name: 'Ghana Cedi enabled' }));
  await waitFor(() => expect(messages()).toContain('success: Currency updated successfully!'));
  expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ enabled: false });

  fireEvent.click(screen.getByRole('button', { name: 'Edit Ghana Cedi' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Currency' });
  expect(within(dialog).getByLabelText<HTMLInputElement>(/^Base Unit/).value).toBe('100');
  fireEvent.change(within(dialog).getByLabelText(/^Base Unit/), { target: { value: '1000' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(2));
  expect(requests.filter((r) => r.method === 'PATCH')[1]?.body).toEqual({ name: 'Ghana Cedi', code: 'GHS', baseUnit: 1000 });

  fireEvent.click(await screen.findByRole('button', { name: 'Delete Ghana Cedi' }));
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete currency' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(messages()).toContain('success: Currency deleted successfully!'));
  expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/currencies/1']);
});

test("a refused change shows the server's message", async () => {
  routeFetch((request) =>
    request.method === 'POST' ? errorBody(409, 'Conflict', 'A currency with code GHS already exists.') : { body: listOf([cedi]) },
  );
  render(<CurrencyManagement />);
  await screen.findByRole('table', { name: 'Currencies' });
  fireEvent.click(screen.getByRole('button', { name: 'Create Currency' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Currency' });
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Cedi' } });
  fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: 'GHS' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Currency' }));
  await waitFor(() => expect(messages()).toEqual(['error: Failed to create currency.: A currency with code GHS already exists.']));
});
