import { useCallback, useEffect, useState } from 'react';
import { messageOr } from '../../lib/api/errors.ts';
import { disableTwoFactor, getTwoFactorStatus, type TwoFactorStatus } from '../../lib/api/two-factor.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import { formatLogTime } from '../../lib/system-logs.ts';
import FormField from '../ui/FormField.tsx';
import SettingsSection from './SettingsSection.tsx';
import TwoFactorEnrolDialog from './TwoFactorEnrolDialog.tsx';

export const TWO_FACTOR_OFF = 'Two-factor authentication turned off.';
export const TWO_FACTOR_OFF_FAILED = 'Failed to turn off two-factor authentication.';

/** Two-factor authentication: set it up (QR dialog), or see since when it is on and turn it off with the password. */
export default function TwoFactorSection() {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    getTwoFactorStatus()
      .then(setStatus)
      .catch((failure: unknown) => showToast({ type: 'error', message: messageOr(failure, 'Could not load two-factor status.') }));
  }, []);
  useEffect(reload, [reload]);

  const closeEnrolment = useCallback(
    (enabled: boolean) => {
      setEnrolling(false);
      if (enabled) reload();
    },
    [reload],
  );

  const turnOff = async () => {
    if (password === '') {
      setError('Enter your password.');
      return;
    }
    setBusy(true);
    try {
      await disableTwoFactor({ password });
      setPassword('');
      showToast({ type: 'success', message: TWO_FACTOR_OFF });
      reload();
    } catch (failure) {
      showToast({ type: 'error', message: messageOr(failure, TWO_FACTOR_OFF_FAILED) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection
      title="Two-factor authentication"
      description="A code from an authenticator app after your password. Turning it on or off signs out your other sessions."
      className="two-factor"
    >
      {status === null ? (
        <p className="muted">Loading…</p>
      ) : status.enabled ? (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void turnOff();
          }}
        >
          <p className="two-factor__state">
            <span className="badge badge--success">On</span> since {formatLogTime(String(status.enabledAt ?? ''))}.{' '}
            {status.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          {status.required ? (
            <p className="muted">Required for superadmins on this installation: it cannot be turned off.</p>
          ) : (
            <>
              <FormField label="Current Password" required error={error} hint="Needed to turn two-factor authentication off.">
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    name="twoFactorPassword"
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => {
                      setPassword(event.target.value);
                      setError(undefined);
                    }}
                  />
                )}
              </FormField>
              <div className="settings-card__actions">
                <button type="submit" className="btn btn--danger" disabled={busy} aria-busy={busy || undefined}>
                  {busy ? 'Turning off...' : 'Turn off'}
                </button>
              </div>
            </>
          )}
        </form>
      ) : (
        <>
          <p className="two-factor__state">
            <span className="badge">Off</span> Only your password protects this account.
          </p>
          <div className="settings-card__actions">
            <button type="button" className="btn btn--primary" onClick={() => setEnrolling(true)}>
              Set up two-factor authentication
            </button>
          </div>
        </>
      )}
      <TwoFactorEnrolDialog open={enrolling} onClose={closeEnrolment} />
    </SettingsSection>
  );
}
