// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import UsersPage from '../../../../src/islands/users/UsersPage.tsx';
import { ApiError } from '../../../../src/lib/api/errors.ts';
import type { User } from '../../../../src/lib/api/types.ts';
import { deleteUser, listAllUsers, listOrganisationUsers, updateUser } from '../../../../src/lib/api/users.ts';
import { $session } from '../../../../src/lib/stores/session.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';
import { member, orgadmin, pageOf, superadmin } from '../../support/users-settings.ts';

vi.mock('../../../../src/lib/api/users.ts', () => ({
  getMe: vi.fn(),
  listAllUsers: vi.fn(),
  listOrganisationUsers: vi.fn(),
  createUser: vi.fn(),
  updateUser: vi.fn(),
  deleteUser: vi.fn(),
  resetUserPassword: vi.fn(),
}));
vi.mock('../../../../src/lib/api/organisations.ts', () => ({ listOrganisations: vi.fn() }));
vi.mock('../../../../src/lib/api/files.ts', () => ({ uploadFile: vi.fn() }));

function signIn(user: User) {
  $session.set({ status: 'authenticated', user });
}

const toastMessages = () => $toasts.get().map((toast) => toast.message);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  clearToasts();
  vi.clearAllMocks();
  vi.restoreAllMocks();
  $session.set({ status: 'loading', user: null });
});

test('a superadmin gets All System Users with the organisation column', async () => {
  vi.mocked(listAllUsers).mockResolvedValue(pageOf([superadmin, member]));
  signIn(superadmin);
  render(<UsersPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'All System Users' })).toBeTruthy();
  await screen.findByRole('button', { name: 'Edit Ama Mensah' });
  expect(listAllUsers).toHaveBeenCalledWith({ page: 1, pageSize: 10, query: undefined });
  expect(listOrganisationUsers).not.toHaveBeenCalled();
  expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
    'User Name',
    'Email',
    'Organisation',
    'Role',
    'Actions',
  ]);
  const [, own, other] = screen.getAllByRole('row');
  expect(own?.textContent).toContain('N/A (Superadmin)');
  expect(own?.textContent).toContain('You');
  expect(within(own as HTMLElement).queryByRole('button', { name: /^Delete/ })).toBeNull();
  expect(within(own as HTMLElement).getByRole('button', { name: 'Edit Platform Admin' })).toBeTruthy();
  expect(other?.textContent).toContain('Acme Ltd');
  expect(within(other as HTMLElement).getByRole('button', { name: 'Delete Ama Mensah' })).toBeTruthy();
  expect(other?.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/ama.png');
  expect(screen.getByRole('button', { name: 'Create User' })).toBeTruthy();

  fireEvent.click(within(own as HTMLElement).getByRole('button', { name: 'Edit Platform Admin' }));
  expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeTruthy();
  expect(screen.queryByLabelText('Reset Password')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  fireEvent.click(within(other as HTMLElement).getByRole('button', { name: 'Edit Ama Mensah' }));
  expect(screen.getByLabelText('Reset Password')).toBeTruthy();
});

test("anyone else gets the organisation's users: Name, Email, Role, Actions", async () => {
  vi.mocked(listOrganisationUsers).mockResolvedValue(pageOf([orgadmin, member]));
  signIn(orgadmin);
  render(<UsersPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Organisation Users' })).toBeTruthy();
  await screen.findByRole('button', { name: 'Edit Ama Mensah' });
  expect(listAllUsers).not.toHaveBeenCalled();
  expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Email', 'Role', 'Actions']);
  expect(screen.getByRole('button', { name: 'Add User' })).toBeTruthy();
  expect(screen.queryByText('No users found in your organisation.')).toBeNull();
  expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
});

test('empty states use the spec texts', async () => {
  vi.mocked(listOrganisationUsers).mockResolvedValue(pageOf([]));
  signIn(orgadmin);
  const { unmount } = render(<UsersPage />);
  expect(await screen.findByText('No users found in your organisation.')).toBeTruthy();
  unmount();

  vi.mocked(listAllUsers).mockResolvedValue(pageOf([]));
  signIn(superadmin);
  render(<UsersPage />);
  expect(await screen.findByText('No users found in the system.')).toBeTruthy();
});

test("a failed load says 'Could not load users.'", async () => {
  vi.mocked(listAllUsers).mockRejectedValue(new ApiError({ status: 500, statusText: 'Internal Server Error' }));
  signIn(superadmin);
  render(<UsersPage />);
  await waitFor(() => expect(toastMessages()).toContain('Could not load users.'));
});

test('the search box filters by name or e-mail through the query parameter, from page 1', async () => {
  vi.mocked(listAllUsers).mockResolvedValue(pageOf([superadmin, member], 25));
  signIn(superadmin);
  render(<UsersPage />);
  await screen.findByRole('button', { name: 'Edit Ama Mensah' });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(listAllUsers).toHaveBeenLastCalledWith({ page: 2, pageSize: 10, query: undefined }));
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: '  ama ' } });
  await waitFor(() => expect(listAllUsers).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, query: 'ama' }));
  expect(await screen.findByText('25 users found')).toBeTruthy();
});

test('the superadmin delete question adds that it cannot be undone; deleting reloads the list', async () => {
  vi.mocked(listAllUsers).mockResolvedValue(pageOf([superadmin, member]));
  vi.mocked(deleteUser).mockResolvedValue({ message: 'User deleted.' });
  signIn(superadmin);
  render(<UsersPage />);
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Ama Mensah' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete user' });
  expect(within(dialog).getByText('Are you sure you want to delete the user Ama Mensah? This action cannot be undone.')).toBeTruthy();
  const loads = vi.mocked(listAllUsers).mock.calls.length;
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
  expect(deleteUser).toHaveBeenCalledWith(3);
  await waitFor(() => expect(toastMessages()).toContain('User deleted successfully.'));
  await waitFor(() => expect(vi.mocked(listAllUsers).mock.calls.length).toBeGreaterThan(loads));
  expect(screen.queryByText(/Are you sure/)).toBeNull();
});

test("the organisation delete question is the plain one, and the server's refusal is shown", async () => {
  vi.mocked(listOrganisationUsers).mockResolvedValue(pageOf([orgadmin, member]));
  vi.mocked(deleteUser).mockRejectedValue(
    new ApiError({ status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'User has open payments.' } }),
  );
  signIn(orgadmin);
  render(<UsersPage />);
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Ama Mensah' }));
  expect(screen.getByText('Are you sure you want to delete the user Ama Mensah?')).toBeTruthy();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
  await waitFor(() => expect(toastMessages()).toContain('User has open payments.'));

  vi.mocked(deleteUser).mockRejectedValue(new ApiError({ error: new TypeError('Failed to fetch') }));
  fireEvent.click(screen.getByRole('button', { name: 'Delete Ama Mensah' }));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
  await waitFor(() => expect(toastMessages()).toContain('Failed to delete user.'));
});

test('Cancel keeps the user', async () => {
  vi.mocked(listOrganisationUsers).mockResolvedValue(pageOf([orgadmin, member]));
  signIn(orgadmin);
  render(<UsersPage />);
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Ama Mensah' }));
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(deleteUser).not.toHaveBeenCalled();
  expect(screen.queryByText(/Are you sure/)).toBeNull();
});

test('saving your own name updates the signed-in user (the header follows)', async () => {
  vi.mocked(listAllUsers).mockResolvedValue(pageOf([superadmin, member]));
  vi.mocked(updateUser).mockResolvedValue({ ...superadmin, name: 'Platform Boss' });
  signIn(superadmin);
  render(<UsersPage />);
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Platform Admin' }));
  fireEvent.change(screen.getByLabelText(/^Full Name/), { target: { value: 'Platform Boss' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));
  expect(updateUser).toHaveBeenCalledWith(1, { name: 'Platform Boss' });
  expect($session.get().user?.name).toBe('Platform Boss');
  expect(toastMessages()).toContain('User details updated successfully!');
});
