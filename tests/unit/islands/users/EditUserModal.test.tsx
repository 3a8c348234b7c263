// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import EditUserModal from '../../../../src/islands/users/EditUserModal.tsx';
import { ApiError } from '../../../../src/lib/api/errors.ts';
import { uploadFile } from '../../../../src/lib/api/files.ts';
import { resetUserPassword, updateUser } from '../../../../src/lib/api/users.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';
import { imageFile, member } from '../../support/users-settings.ts';

vi.mock('../../../../src/lib/api/users.ts', () => ({ getMe: vi.fn(), updateUser: vi.fn(), resetUserPassword: vi.fn() }));
vi.mock('../../../../src/lib/api/files.ts', () => ({ uploadFile: vi.fn() }));

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

function renderEdit(superadminScreen = false) {
  const props = { onClose: vi.fn(), onSaved: vi.fn(), onDone: vi.fn() };
  render(<EditUserModal user={member} superadminScreen={superadminScreen} {...props} />);
  return props;
}

const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));

test('shows Full Name, Change Avatar (png, jpeg, gif) and an optional Reset Password', () => {
  renderEdit();
  expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeTruthy();
  expect(screen.getByLabelText<HTMLInputElement>(/^Full Name/).value).toBe('Ama Mensah');
  expect(screen.getByLabelText('Change Avatar').getAttribute('accept')).toBe('image/png,image/jpeg,image/gif');
  expect(screen.getByLabelText<HTMLInputElement>('Reset Password').value).toBe('');
  expect(screen.getByRole('img', { name: 'Current avatar of Ama Mensah' }).getAttribute('src')).toBe('https://cdn.example/ama.png');
});

test('a new password shorter than 8 shows the spec message and stops', async () => {
  renderEdit(true);
  fireEvent.change(screen.getByLabelText('Reset Password'), { target: { value: '1234567' } });
  await save();
  expect(screen.getByText('New password must be at least 8 characters long.')).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByLabelText('Reset Password'));
  expect(updateUser).not.toHaveBeenCalled();
  expect(uploadFile).not.toHaveBeenCalled();
  expect(resetUserPassword).not.toHaveBeenCalled();
});

test("an avatar upload that fails says 'Avatar upload failed.' and the update stops", async () => {
  vi.mocked(uploadFile).mockRejectedValue(new ApiError({ status: 415, body: { message: 'Only png, jpeg and gif images are accepted.' } }));
  const props = renderEdit();
  fireEvent.change(screen.getByLabelText('Change Avatar'), { target: { files: [imageFile()] } });
  await save();
  expect(toastMessages()).toEqual(['Avatar upload failed.']);
  expect(updateUser).not.toHaveBeenCalled();
  expect(props.onDone).not.toHaveBeenCalled();
});

test('the avatar is uploaded first, then name and avatar saved, then the password reset', async () => {
  vi.mocked(uploadFile).mockResolvedValue({ url: '/api/files/abcdefghijkl', contentType: 'image/png', size: 4 });
  vi.mocked(updateUser).mockResolvedValue({ ...member, name: 'Ama M.', avatar: '/api/files/abcdefghijkl' });
  vi.mocked(resetUserPassword).mockResolvedValue({ message: 'Password updated.' });
  const props = renderEdit();
  fireEvent.change(screen.getByLabelText(/^Full Name/), { target: { value: ' Ama M. ' } });
  fireEvent.change(screen.getByLabelText('Change Avatar'), { target: { files: [imageFile()] } });
  fireEvent.change(screen.getByLabelText('Reset Password'), { target: { value: 'new-password-1' } });
  await save();
  expect(updateUser).toHaveBeenCalledWith(3, { name: 'Ama M.', avatar: '/api/files/abcdefghijkl' });
  expect(resetUserPassword).toHaveBeenCalledWith(3, 'new-password-1');
  expect(vi.mocked(uploadFile).mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(updateUser).mock.invocationCallOrder[0] ?? 0);
  expect(vi.mocked(updateUser).mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(resetUserPassword).mock.invocationCallOrder[0] ?? 0);
  expect(toastMessages()).toEqual(['User details and password updated successfully!']);
  expect(props.onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Ama M.' }));
  expect(props.onDone).toHaveBeenCalled();
});

test('a blank password keeps it: only the details are saved (wording per screen)', async () => {
  vi.mocked(updateUser).mockResolvedValue(member);
  renderEdit(true);
  await save();
  expect(updateUser).toHaveBeenCalledWith(3, { name: 'Ama Mensah' });
  expect(resetUserPassword).not.toHaveBeenCalled();
  expect(toastMessages()).toEqual(['User details updated successfully!']);
  cleanup();
  clearToasts();

  renderEdit(false);
  await save();
  expect(toastMessages()).toEqual(['User updated successfully!']);
});

test("failures show the server's message, else 'Failed to update user.'", async () => {
  vi.mocked(updateUser).mockRejectedValueOnce(new ApiError({ status: 404, body: { message: 'User not found.' } }));
  const props = renderEdit();
  await save();
  expect(toastMessages()).toEqual(['User not found.']);

  vi.mocked(updateUser).mockResolvedValue(member);
  vi.mocked(resetUserPassword).mockRejectedValueOnce(new ApiError({ error: new TypeError('Failed to fetch') }));
  fireEvent.change(screen.getByLabelText('Reset Password'), { target: { value: 'new-password-1' } });
  await save();
  expect(toastMessages()).toContain('Failed to update user.');
  expect(props.onSaved).toHaveBeenCalled();
  expect(props.onDone).not.toHaveBeenCalled();
});

test('a name is required', async () => {
  renderEdit();
  fireEvent.change(screen.getByLabelText(/^Full Name/), { target: { value: '  ' } });
  await save();
  expect(screen.getByText('Name is required.')).toBeTruthy();
  expect(updateUser).not.toHaveBeenCalled();
});

test('editing your own account offers no Reset Password (an admin reset would sign you out)', () => {
  render(<EditUserModal user={member} superadminScreen isSelf onClose={() => {}} onSaved={() => {}} onDone={() => {}} />);
  expect(screen.queryByLabelText('Reset Password')).toBeNull();
  expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/dashboard/settings');
});
