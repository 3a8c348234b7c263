// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import CreateUserModal from '../../../../src/islands/users/CreateUserModal.tsx';
import { ApiError } from '../../../../src/lib/api/errors.ts';
import { listOrganisations } from '../../../../src/lib/api/organisations.ts';
import { createUser } from '../../../../src/lib/api/users.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';
import { member, organisation, otherOrganisation, pageOf } from '../../support/users-settings.ts';

vi.mock('../../../../src/lib/api/users.ts', () => ({ getMe: vi.fn(), createUser: vi.fn() }));
vi.mock('../../../../src/lib/api/organisations.ts', () => ({ listOrganisations: vi.fn() }));

const toastMessages = () => $toasts.get().map((toast) => toast.message);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  clearToasts();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
}

function fillValidUser() {
  fill('Full Name', 'Ama Mensah');
  fill('Email', 'ama@acme.test');
  fill('Password', 'long-enough');
}

test('the organisation form sends name, e-mail and password; role orgadmin; no organisation select', async () => {
  vi.mocked(createUser).mockResolvedValue(member);
  const onCreated = vi.fn();
  render(<CreateUserModal title="Add User" withOrganisation={false} onClose={() => {}} onCreated={onCreated} />);
  expect(screen.getByRole('dialog', { name: 'Add User' })).toBeTruthy();
  expect(screen.getByLabelText(/^Email/).getAttribute('type')).toBe('email');
  expect(screen.queryByLabelText(/^Organisation/)).toBeNull();
  expect(screen.queryByLabelText('Role')).toBeNull();
  expect(listOrganisations).not.toHaveBeenCalled();
  fillValidUser();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add User' })));
  expect(createUser).toHaveBeenCalledWith({ name: 'Ama Mensah', email: 'ama@acme.test', password: 'long-enough', role: 'orgadmin' });
  expect(toastMessages()).toEqual(['User created successfully!']);
  expect(onCreated).toHaveBeenCalledWith(member);
});

test('the superadmin form flags every invalid field at once', async () => {
  vi.mocked(listOrganisations).mockResolvedValue(pageOf([organisation]));
  render(<CreateUserModal title="Create User" withOrganisation onClose={() => {}} onCreated={() => {}} />);
  await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>(/^Organisation/).disabled).toBe(false));
  fill('Email', 'not-an-email');
  fireEvent.click(screen.getByRole('button', { name: 'Create User' }));
  for (const label of [/^Full Name/, /^Email/, /^Password/, /^Organisation/]) {
    expect(screen.getByLabelText(label).getAttribute('aria-invalid'), String(label)).toBe('true');
  }
  for (const message of [
    'Name is required.',
    'Enter a valid email address.',
    'Password is required.',
    'Choose the organisation of the new user.',
  ]) {
    expect(screen.getByText(message)).toBeTruthy();
  }
  expect(createUser).not.toHaveBeenCalled();
});

test('required fields and the minimum password length are checked before sending', async () => {
  render(<CreateUserModal title="Add User" withOrganisation={false} onClose={() => {}} onCreated={() => {}} />);
  fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
  expect(screen.getByText('Name is required.')).toBeTruthy();
  expect(screen.getByLabelText(/^Full Name/).getAttribute('aria-invalid')).toBe('true');
  fillValidUser();
  fill('Password', 'short');
  fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
  expect(screen.getByText('Password must be at least 8 characters long.')).toBeTruthy();
  expect(createUser).not.toHaveBeenCalled();
});

test("the server's message is shown when creating fails, else 'Failed to create user.'", async () => {
  vi.mocked(createUser).mockRejectedValueOnce(
    new ApiError({ status: 409, body: { statusCode: 409, error: 'Conflict', message: 'A user with this email already exists.' } }),
  );
  render(<CreateUserModal title="Add User" withOrganisation={false} onClose={() => {}} onCreated={() => {}} />);
  fillValidUser();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add User' })));
  expect(toastMessages()).toEqual(['A user with this email already exists.']);
  expect(screen.getByRole('dialog', { name: 'Add User' })).toBeTruthy();

  vi.mocked(createUser).mockRejectedValueOnce(new ApiError({ error: new TypeError('Failed to fetch') }));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add User' })));
  expect(toastMessages()).toContain('Failed to create user.');
});

test("the superadmin's Organisation select shows 'Loading organisations...' until the list arrives", async () => {
  let answer: (value: ReturnType<typeof pageOf<typeof organisation>>) => void = () => {};
  vi.mocked(listOrganisations).mockReturnValue(new Promise((resolve) => (answer = resolve)));
  vi.mocked(createUser).mockResolvedValue(member);
  render(<CreateUserModal title="Create User" withOrganisation onClose={() => {}} onCreated={() => {}} />);
  expect(listOrganisations).toHaveBeenCalledWith({ all: true });
  const select = screen.getByLabelText<HTMLSelectElement>(/^Organisation/);
  expect(select.disabled).toBe(true);
  expect([...select.options].map((o) => o.text)).toEqual(['Loading organisations...']);
  await act(async () => answer(pageOf([organisation, otherOrganisation])));
  expect(select.disabled).toBe(false);
  expect([...select.options].map((o) => o.text)).toEqual(['Select an organisation', 'Acme Ltd', 'Beta Payments']);
  expect(screen.getByLabelText<HTMLSelectElement>('Role').value).toBe('orgadmin');

  fillValidUser();
  fireEvent.click(screen.getByRole('button', { name: 'Create User' }));
  expect(screen.getByText('Choose the organisation of the new user.')).toBeTruthy();
  expect(createUser).not.toHaveBeenCalled();
  fireEvent.change(select, { target: { value: '9' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create User' })));
  expect(createUser).toHaveBeenCalledWith({
    name: 'Ama Mensah',
    email: 'ama@acme.test',
    password: 'long-enough',
    role: 'orgadmin',
    orgId: 9,
  });
});

test('a superadmin can create another superadmin, without an organisation', async () => {
  vi.mocked(listOrganisations).mockResolvedValue(pageOf([organisation]));
  vi.mocked(createUser).mockResolvedValue(member);
  render(<CreateUserModal title="Create User" withOrganisation onClose={() => {}} onCreated={() => {}} />);
  fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'superadmin' } });
  expect(screen.queryByLabelText(/^Organisation/)).toBeNull();
  fillValidUser();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create User' })));
  expect(createUser).toHaveBeenCalledWith({ name: 'Ama Mensah', email: 'ama@acme.test', password: 'long-enough', role: 'superadmin' });
});

test("'Failed to load organisations' when the list cannot be loaded", async () => {
  vi.mocked(listOrganisations).mockRejectedValue(new ApiError({ status: 500, statusText: 'Internal Server Error' }));
  render(<CreateUserModal title="Create User" withOrganisation onClose={() => {}} onCreated={() => {}} />);
  await waitFor(() => expect($toasts.get().map((t) => t.title ?? t.message)).toContain('Failed to load organisations'));
  expect(screen.getByLabelText<HTMLSelectElement>(/^Organisation/).disabled).toBe(true);
});
