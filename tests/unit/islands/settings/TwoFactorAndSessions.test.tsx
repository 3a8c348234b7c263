// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import ActiveSessionsSection from '../../../../src/islands/settings/ActiveSessionsSection.tsx';
import TwoFactorSection from '../../../../src/islands/settings/TwoFactorSection.tsx';
import { listSessions, revokeOtherSessions, revokeSession, type Session } from '../../../../src/lib/api/sessions.ts';
import { disableTwoFactor, enableTwoFactor, getTwoFactorStatus, setUpTwoFactor } from '../../../../src/lib/api/two-factor.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';

vi.mock('../../../../src/lib/qr-code.ts', () => ({ qrCodeSvg: async () => '<svg data-testid="qr"></svg>' }));
vi.mock('../../../../src/lib/api/two-factor.ts', () => ({
  getTwoFactorStatus: vi.fn(),
  setUpTwoFactor: vi.fn(),
  enableTwoFactor: vi.fn(),
  disableTwoFactor: vi.fn(),
}));
vi.mock('../../../../src/lib/api/sessions.ts', () => ({ listSessions: vi.fn(), revokeSession: vi.fn(), revokeOtherSessions: vi.fn() }));

const OFF = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };
const ON = { enabled: true, enabledAt: '2026-11-20T10:00:00.000Z', recoveryCodesLeft: 10, required: false };
const toastTexts = () => $toasts.get().map((toast) => toast.message);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  clearToasts();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

test('enrolment: QR and key, a code turns it on, the ten recovery codes show once, then the section says On', async () => {
  vi.mocked(getTwoFactorStatus).mockResolvedValueOnce(OFF).mockResolvedValueOnce(ON);
  vi.mocked(setUpTwoFactor).mockResolvedValue({ secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x' });
  const codes = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);
  vi.mocked(enableTwoFactor)
    .mockRejectedValueOnce(new Error('Invalid authentication code.'))
    .mockResolvedValueOnce({ recoveryCodes: codes });
  render(<TwoFactorSection />);
  const section = screen.getByRole('region', { name: 'Two-factor authentication' });
  fireEvent.click(await within(section).findByRole('button', { name: 'Set up two-factor authentication' }));

  const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor authentication' });
  await waitFor(() => expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeTruthy());
  await waitFor(() => expect(dialog.querySelector('[data-testid="qr"]')).not.toBeNull());
  const code = within(dialog).getByLabelText(/Authentication code/);
  fireEvent.change(code, { target: { value: '111111' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
  expect(await within(dialog).findByText('Invalid authentication code.')).toBeTruthy();

  fireEvent.change(code, { target: { value: '222222' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
  const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(codes);
  expect(vi.mocked(enableTwoFactor)).toHaveBeenLastCalledWith('222222');
  expect(toastTexts()).toContain('Two-factor authentication turned on.');

  fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved my recovery codes' }));
  expect(await within(section).findByText(/10 of 10 recovery codes left/)).toBeTruthy();
});

test('turning off needs the password; the server’s refusal is shown', async () => {
  vi.mocked(getTwoFactorStatus).mockResolvedValueOnce(ON).mockResolvedValueOnce(OFF);
  vi.mocked(disableTwoFactor)
    .mockRejectedValueOnce(Object.assign(new Error('x'), { status: 400, body: { message: 'Current password is incorrect.' } }))
    .mockResolvedValueOnce({ message: 'Two-factor authentication turned off.' });
  render(<TwoFactorSection />);
  const section = screen.getByRole('region', { name: 'Two-factor authentication' });
  const turnOff = await within(section).findByRole('button', { name: 'Turn off' });
  fireEvent.click(turnOff);
  expect(await within(section).findByText('Enter your password.')).toBeTruthy();
  expect(vi.mocked(disableTwoFactor)).not.toHaveBeenCalled();

  fireEvent.change(within(section).getByLabelText(/Current Password/), { target: { value: 'secret' } });
  fireEvent.click(turnOff);
  await waitFor(() => expect(toastTexts()).toHaveLength(1));
  fireEvent.click(turnOff);
  await waitFor(() => expect(toastTexts()).toContain('Two-factor authentication turned off.'));
  expect(vi.mocked(disableTwoFactor)).toHaveBeenLastCalledWith({ password: 'secret' });
  expect(await within(section).findByText(/Only your password protects this account/)).toBeTruthy();
});

test('required for superadmins: no way to turn it off', async () => {
  vi.mocked(getTwoFactorStatus).mockResolvedValue({ ...ON, required: true });
  render(<TwoFactorSection />);
  const section = screen.getByRole('region', { name: 'Two-factor authentication' });
  expect(await within(section).findByText(/cannot be turned off/)).toBeTruthy();
  expect(within(section).queryByRole('button', { name: 'Turn off' })).toBeNull();
});

const session = (id: string, current: boolean, device: string): Session => ({
  id,
  device,
  userAgent: device,
  address: '203.0.113.4',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-20T11:00:00.000Z',
  current,
});

test('active sessions: the current one is marked and has no Revoke; others can be revoked one by one or all at once', async () => {
  vi.mocked(listSessions)
    .mockResolvedValueOnce([
      session('a', true, 'Firefox on Linux'),
      session('b', false, 'Chrome on Windows'),
      session('c', false, 'Safari on iOS'),
    ])
    .mockResolvedValueOnce([session('a', true, 'Firefox on Linux'), session('c', false, 'Safari on iOS')])
    .mockResolvedValueOnce([session('a', true, 'Firefox on Linux')]);
  vi.mocked(revokeSession).mockResolvedValue({ message: 'Session revoked.' });
  vi.mocked(revokeOtherSessions).mockResolvedValue({ message: '1 other session revoked.', revoked: 1 });
  render(<ActiveSessionsSection />);
  const section = screen.getByRole('region', { name: 'Active sessions' });
  const items = await within(section).findAllByRole('listitem');
  expect(items).toHaveLength(3);
  expect(within(items[0] as HTMLElement).getByText('This device')).toBeTruthy();
  expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull();

  fireEvent.click(within(section).getByRole('button', { name: 'Revoke Chrome on Windows session from 203.0.113.4' }));
  await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
  expect(vi.mocked(revokeSession)).toHaveBeenCalledWith('b');
  expect(toastTexts()).toContain('Session revoked.');

  fireEvent.click(within(section).getByRole('button', { name: 'Revoke all other sessions' }));
  await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
  expect(toastTexts()).toContain('1 other session revoked.');
  expect(within(section).queryByRole('button', { name: 'Revoke all other sessions' })).toBeNull();
});
