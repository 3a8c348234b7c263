// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import SettingsPage from '../../../../src/islands/settings/SettingsPage.tsx';
import { ApiError } from '../../../../src/lib/api/errors.ts';
import { uploadFile } from '../../../../src/lib/api/files.ts';
import {
  getMyOrganisation,
  getOrganisation,
  listOrganisations,
  updateMyOrganisation,
  updateOrganisation,
  uploadOrganisationLogo,
} from '../../../../src/lib/api/organisations.ts';
import type { User } from '../../../../src/lib/api/types.ts';
import { listBatches } from '../../../../src/lib/api/receipt-batches.ts';
import { changePassword, updateMyProfile } from '../../../../src/lib/api/users.ts';
import { $loading } from '../../../../src/lib/stores/loading.ts';
import { selectOrganisation } from '../../../../src/lib/stores/organisation.ts';
import { $session } from '../../../../src/lib/stores/session.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';
import { imageFile, orgadmin, organisation, otherOrganisation, pageOf, superadmin } from '../../support/users-settings.ts';

vi.mock('../../../../src/lib/api/users.ts', () => ({ getMe: vi.fn(), changePassword: vi.fn(), updateMyProfile: vi.fn() }));
vi.mock('../../../../src/lib/api/files.ts', () => ({ uploadFile: vi.fn() }));
vi.mock('../../../../src/lib/api/receipt-batches.ts', () => ({
  listBatches: vi.fn(async () => []),
  createBatch: vi.fn(),
  activateBatch: vi.fn(),
  deleteBatch: vi.fn(),
}));
// Webhook Configuration has its own tests (WebhookConfigurationSection.test.tsx); here it only must not reach the network.
vi.mock('../../../../src/lib/api/webhooks.ts', () => ({
  getWebhookConfig: vi.fn(() => new Promise(() => {})),
  listWebhookDeliveries: vi.fn(async () => ({ items: [], total: 0, page: 1, pageSize: 10 })),
}));
// Two-factor and sessions have their own tests (TwoFactorAndSessions.test.tsx); here they only must not reach the network.
vi.mock('../../../../src/lib/api/two-factor.ts', () => ({
  getTwoFactorStatus: vi.fn(async () => ({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false })),
}));
vi.mock('../../../../src/lib/api/sessions.ts', () => ({ listSessions: vi.fn(async () => []) }));
vi.mock('../../../../src/lib/api/organisations.ts', () => ({
  listOrganisations: vi.fn(),
  getOrganisation: vi.fn(),
  updateOrganisation: vi.fn(),
  getMyOrganisation: vi.fn(),
  updateMyOrganisation: vi.fn(),
  uploadOrganisationLogo: vi.fn(),
}));

const toastTexts = () => $toasts.get().map((toast) => (toast.title ? `${toast.title} ${toast.message}` : toast.message));

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  clearToasts();
  selectOrganisation(null);
  vi.clearAllMocks();
  vi.restoreAllMocks();
  $session.set({ status: 'loading', user: null });
  $loading.set({ count: 0, message: '' });
});

function region(name: string) {
  return screen.getByRole('region', { name });
}

async function renderAs(user: User) {
  $session.set({ status: 'authenticated', user });
  render(<SettingsPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
}

test('an orgadmin works on their own organisation', async () => {
  vi.mocked(getMyOrganisation).mockResolvedValue(organisation);
  await renderAs(orgadmin);
  await screen.findByRole('region', { name: 'General & Receipt Settings' });
  expect(listOrganisations).not.toHaveBeenCalled();
  expect(getOrganisation).not.toHaveBeenCalled();
  for (const name of ['My Profile', 'Change Password', 'Organisation Branding', 'Receipt Numbering']) expect(region(name)).toBeTruthy();
  expect(listBatches).toHaveBeenCalledTimes(1);
  expect(screen.queryByLabelText('Organisation')).toBeNull();
  const general = region('General & Receipt Settings');
  expect(within(general).getByLabelText<HTMLInputElement>('Receipt Title').value).toBe('Official Receipt');
  const currency = within(general).getByLabelText<HTMLSelectElement>('Default Currency');
  expect([...currency.options].map((o) => o.value)).toEqual(['GHS', 'USD']);
  expect(within(general).getByRole('list', { name: 'Currencies' }).textContent).toBe('GHSUSD');
  expect([...within(general).getByLabelText<HTMLSelectElement>('Logo Position').options].map((o) => o.value)).toEqual(['left', 'center']);
});

test('saving general settings sends the settings payload to my-organisation', async () => {
  vi.mocked(getMyOrganisation).mockResolvedValue(organisation);
  vi.mocked(updateMyOrganisation).mockResolvedValue({ ...organisation, receiptTitle: 'Tax Receipt', defaultCurrency: 'USD' });
  await renderAs(orgadmin);
  const general = await screen.findByRole('region', { name: 'General & Receipt Settings' });
  fireEvent.change(within(general).getByLabelText('Receipt Title'), { target: { value: 'Tax Receipt ' } });
  fireEvent.change(within(general).getByLabelText('Default Currency'), { target: { value: 'USD' } });
  fireEvent.click(within(general).getByLabelText('Collects government payments'));
  await act(async () => fireEvent.click(within(general).getByRole('button', { name: 'Save Settings' })));
  expect(updateMyOrganisation).toHaveBeenCalledWith(
    expect.objectContaining({
      receiptTitle: 'Tax Receipt',
      defaultCurrency: 'USD',
      collectsGovernmentPayments: true,
      city: 'Accra',
      state: null,
    }),
  );
  expect(updateOrganisation).not.toHaveBeenCalled();
  expect(toastTexts()).toEqual(['General settings saved successfully!']);
});

test("a bad website is caught in the form; a failed save says 'Failed to save settings.'", async () => {
  vi.mocked(getMyOrganisation).mockResolvedValue(organisation);
  vi.mocked(updateMyOrganisation).mockRejectedValue(new ApiError({ status: 500, statusText: 'Internal Server Error' }));
  await renderAs(orgadmin);
  const general = await screen.findByRole('region', { name: 'General & Receipt Settings' });
  fireEvent.change(within(general).getByLabelText('Website URL'), { target: { value: 'acme' } });
  fireEvent.click(within(general).getByRole('button', { name: 'Save Settings' }));
  expect(within(general).getByText('Website URL must be an http(s) URL.')).toBeTruthy();
  expect(updateMyOrganisation).not.toHaveBeenCalled();
  fireEvent.change(within(general).getByLabelText('Website URL'), { target: { value: '' } });
  await act(async () => fireEvent.click(within(general).getByRole('button', { name: 'Save Settings' })));
  expect(toastTexts()).toEqual(['Failed to save settings.']);
});

test("'Could not load page data.' when the organisation cannot be loaded", async () => {
  vi.mocked(getMyOrganisation).mockRejectedValue(new ApiError({ status: 500, statusText: 'Internal Server Error' }));
  await renderAs(orgadmin);
  await waitFor(() => expect($toasts.get().map((t) => t.title ?? t.message)).toContain('Could not load page data.'));
  expect(screen.queryByRole('region', { name: 'General & Receipt Settings' })).toBeNull();
  expect(region('My Profile')).toBeTruthy();
});

test('a superadmin acts on the chosen organisation, the first by default', async () => {
  vi.mocked(listOrganisations).mockResolvedValue(pageOf([organisation, otherOrganisation]));
  vi.mocked(getOrganisation).mockImplementation(async (id) => (id === otherOrganisation.id ? otherOrganisation : organisation));
  vi.mocked(updateOrganisation).mockImplementation(async (id) => (id === otherOrganisation.id ? otherOrganisation : organisation));
  vi.mocked(uploadOrganisationLogo).mockResolvedValue({ ...otherOrganisation, logoUrl: '/api/files/logo-file-123' });
  await renderAs(superadmin);
  await screen.findByRole('region', { name: 'General & Receipt Settings' });
  expect(listOrganisations).toHaveBeenCalledWith({ all: true });
  expect(getOrganisation).toHaveBeenCalledWith(7);
  expect(getMyOrganisation).not.toHaveBeenCalled();
  // Receipt Numbering is shown only to non-superadmins (docs/console.md#roles).
  expect(screen.queryByRole('region', { name: 'Receipt Numbering' })).toBeNull();
  expect(listBatches).not.toHaveBeenCalled();
  const picker = screen.getByLabelText<HTMLSelectElement>('Organisation');
  expect(picker.value).toBe('7');
  expect([...picker.options].map((o) => o.text)).toEqual(['Acme Ltd', 'Beta Payments']);

  fireEvent.change(picker, { target: { value: '9' } });
  await waitFor(() => expect(getOrganisation).toHaveBeenLastCalledWith(9));
  await waitFor(() =>
    expect(within(region('General & Receipt Settings')).getByLabelText<HTMLSelectElement>('Default Currency').value).toBe('KES'),
  );
  await act(async () => fireEvent.click(within(region('General & Receipt Settings')).getByRole('button', { name: 'Save Settings' })));
  expect(updateOrganisation).toHaveBeenCalledWith(9, expect.objectContaining({ defaultCurrency: 'KES' }));
  expect(updateMyOrganisation).not.toHaveBeenCalled();

  const logo = imageFile('logo.png');
  fireEvent.change(within(region('Organisation Branding')).getByLabelText('Organisation Logo'), { target: { files: [logo] } });
  await act(async () => fireEvent.click(within(region('Organisation Branding')).getByRole('button', { name: 'Upload Logo' })));
  expect(uploadOrganisationLogo).toHaveBeenCalledWith(logo, 9);
  expect(toastTexts()).toContain('Organisation logo updated.');
  expect(screen.getByRole('img', { name: 'Beta Payments logo' }).getAttribute('src')).toBe('/api/files/logo-file-123');
});

test('a superadmin without organisations sees My Profile and Change Password only, with a note', async () => {
  vi.mocked(listOrganisations).mockResolvedValue(pageOf([]));
  await renderAs(superadmin);
  expect(await screen.findByText('No organisations yet')).toBeTruthy();
  expect(region('My Profile')).toBeTruthy();
  expect(region('Change Password')).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'General & Receipt Settings' })).toBeNull();
  expect(screen.queryByRole('region', { name: 'Organisation Branding' })).toBeNull();
  expect(getOrganisation).not.toHaveBeenCalled();
});

test("'Failed to load organisations' for a superadmin whose list fails", async () => {
  vi.mocked(listOrganisations).mockRejectedValue(new ApiError({ status: 500, statusText: 'Internal Server Error' }));
  await renderAs(superadmin);
  await waitFor(() => expect($toasts.get().map((t) => t.title ?? t.message)).toContain('Failed to load organisations'));
  expect(screen.getByText('Organisation settings are unavailable')).toBeTruthy();
});

test('branding: the placeholder shows until a logo exists; a failed upload keeps the spec text', async () => {
  vi.mocked(getMyOrganisation).mockResolvedValue({ ...organisation, logoUrl: null });
  vi.mocked(uploadOrganisationLogo).mockRejectedValue(
    new ApiError({ status: 413, body: { statusCode: 413, error: 'Payload Too Large', message: 'The image is larger than 2 MiB.' } }),
  );
  await renderAs(orgadmin);
  const branding = await screen.findByRole('region', { name: 'Organisation Branding' });
  expect(within(branding).getByRole('img', { name: 'Acme Ltd has no logo yet' }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  fireEvent.click(within(branding).getByRole('button', { name: 'Upload Logo' }));
  expect(within(branding).getByText('Choose a logo image first.')).toBeTruthy();
  const logo = imageFile('big.png');
  fireEvent.change(within(branding).getByLabelText('Organisation Logo'), { target: { files: [logo] } });
  await act(async () => fireEvent.click(within(branding).getByRole('button', { name: 'Upload Logo' })));
  expect(uploadOrganisationLogo).toHaveBeenCalledWith(logo, undefined);
  expect(toastTexts()).toEqual(['Failed to upload organisation logo. The image is larger than 2 MiB.']);
});

test('an http logo is shown over https and a broken one falls back to the placeholder', async () => {
  vi.mocked(getMyOrganisation).mockResolvedValue({ ...organisation, logoUrl: 'http://cdn.example/acme.png' });
  await renderAs(orgadmin);
  const img = await screen.findByRole('img', { name: 'Acme Ltd logo' });
  expect(img.getAttribute('src')).toBe('https://cdn.example/acme.png');
  fireEvent.error(img);
  expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
});

test('My Profile uploads the picture, saves name and avatar, and updates the session (the header)', async () => {
  vi.mocked(getMyOrganisation).mockResolvedValue(organisation);
  vi.mocked(uploadFile).mockResolvedValue({ url: '/api/files/avatar-file-1', contentType: 'image/png', size: 4 });
  vi.mocked(updateMyProfile).mockResolvedValue({ ...orgadmin, name: 'Kofi B.', avatar: '/api/files/avatar-file-1' });
  await renderAs(orgadmin);
  const profile = region('My Profile');
  expect(within(profile).getByLabelText('Profile Picture').getAttribute('accept')).toBe('image/png,image/jpeg,image/gif');
  fireEvent.change(within(profile).getByLabelText(/^Full Name/), { target: { value: ' Kofi B. ' } });
  fireEvent.change(within(profile).getByLabelText('Profile Picture'), { target: { files: [imageFile()] } });
  await act(async () => fireEvent.click(within(profile).getByRole('button', { name: 'Save Profile' })));
  expect(updateMyProfile).toHaveBeenCalledWith({ name: 'Kofi B.', avatar: '/api/files/avatar-file-1' });
  expect($session.get().user?.name).toBe('Kofi B.');
  expect(toastTexts()).toContain('Profile updated successfully!');
});

test("My Profile: a failed picture upload stops; a failed save says 'Failed to update profile.'", async () => {
  vi.mocked(getMyOrganisation).mockResolvedValue(organisation);
  vi.mocked(uploadFile).mockRejectedValue(new ApiError({ status: 415, body: { message: 'Only png, jpeg and gif images are accepted.' } }));
  vi.mocked(updateMyProfile).mockRejectedValue(new ApiError({ error: new TypeError('Failed to fetch') }));
  await renderAs(orgadmin);
  const profile = region('My Profile');
  fireEvent.change(within(profile).getByLabelText('Profile Picture'), { target: { files: [imageFile()] } });
  await act(async () => fireEvent.click(within(profile).getByRole('button', { name: 'Save Profile' })));
  expect(toastTexts()).toEqual(['Avatar upload failed.']);
  expect(updateMyProfile).not.toHaveBeenCalled();

  fireEvent.change(within(profile).getByLabelText('Profile Picture'), { target: { files: [] } });
  await act(async () => fireEvent.click(within(profile).getByRole('button', { name: 'Save Profile' })));
  expect(updateMyProfile).toHaveBeenCalledWith({ name: 'Kofi Boateng', avatar: null });
  expect(toastTexts()).toContain('Failed to update profile.');
});

test('Change Password: a mismatch blocks; success stores the fresh token', async () => {
  vi.mocked(getMyOrganisation).mockResolvedValue(organisation);
  vi.mocked(changePassword).mockResolvedValue({ message: 'Password changed successfully!', access_token: 'fresh-token' });
  localStorage.setItem('authToken', 'old-token');
  await renderAs(orgadmin);
  const form = region('Change Password');
  fireEvent.change(within(form).getByLabelText(/^Current Password/), { target: { value: 'old-password' } });
  fireEvent.change(within(form).getByLabelText(/^New Password/), { target: { value: 'new-password' } });
  fireEvent.change(within(form).getByLabelText(/^Confirm New Password/), { target: { value: 'new-passwore' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
  expect(within(form).getByText('Passwords do not match.')).toBeTruthy();
  expect(changePassword).not.toHaveBeenCalled();

  fireEvent.change(within(form).getByLabelText(/^New Password/), { target: { value: 'short' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
  expect(within(form).getByText('New password must be at least 8 characters long.')).toBeTruthy();

  fireEvent.change(within(form).getByLabelText(/^New Password/), { target: { value: 'new-password' } });
  fireEvent.change(within(form).getByLabelText(/^Confirm New Password/), { target: { value: 'new-password' } });
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Change Password' })));
  expect(changePassword).toHaveBeenCalledWith('old-password', 'new-password');
  expect(localStorage.getItem('authToken')).toBe('fresh-token');
  expect(toastTexts()).toEqual(['Password changed successfully!']);
  expect(within(form).getByLabelText<HTMLInputElement>(/^Current Password/).value).toBe('');
});

test("Change Password failures show the server's message, else 'Failed to change password.'", async () => {
  vi.mocked(getMyOrganisation).mockResolvedValue(organisation);
  vi.mocked(changePassword)
    .mockRejectedValueOnce(new ApiError({ status: 400, body: { message: 'Current password is incorrect.' } }))
    .mockRejectedValueOnce(new ApiError({ error: new TypeError('Failed to fetch') }));
  localStorage.setItem('authToken', 'old-token');
  await renderAs(orgadmin);
  const form = region('Change Password');
  fireEvent.change(within(form).getByLabelText(/^Current Password/), { target: { value: 'wrong' } });
  fireEvent.change(within(form).getByLabelText(/^New Password/), { target: { value: 'new-password' } });
  fireEvent.change(within(form).getByLabelText(/^Confirm New Password/), { target: { value: 'new-password' } });
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Change Password' })));
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Change Password' })));
  expect(toastTexts()).toEqual(['Current password is incorrect.', 'Failed to change password.']);
  expect(localStorage.getItem('authToken')).toBe('old-token');
});
