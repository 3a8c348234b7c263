import { useEffect, useState } from 'react';
import { messageOr } from '../../lib/api/errors.ts';
import { enableTwoFactor, setUpTwoFactor, type TwoFactorSetupResponse } from '../../lib/api/two-factor.ts';
import { qrCodeSvg } from '../../lib/qr-code.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import FormField from '../ui/FormField.tsx';
import Modal from '../ui/Modal.tsx';
import RecoveryCodes from './RecoveryCodes.tsx';

export const TWO_FACTOR_ON = 'Two-factor authentication turned on.';
export const TWO_FACTOR_SETUP_FAILED = 'Could not set up two-factor authentication.';

export interface TwoFactorEnrolDialogProps {
  open: boolean;
  /** Closed, with `enabled` true once 2FA went on. */
  onClose: (enabled: boolean) => void;
}

/** Enrolment: the QR code (drawn in the browser) and key, a code to prove the app has it, then the recovery codes, once. */
export default function TwoFactorEnrolDialog({ open, onClose }: TwoFactorEnrolDialogProps) {
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [qrSvg, setQrSvg] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setSetup(null);
    setQrSvg('');
    setCode('');
    setError(undefined);
    setRecoveryCodes(null);
    setUpTwoFactor()
      .then(async (started) => {
        if (!live) return;
        setSetup(started);
        const svg = await qrCodeSvg(started.otpauthUri);
        if (live) setQrSvg(svg);
      })
      .catch((failure: unknown) => {
        if (!live) return;
        showToast({ type: 'error', message: messageOr(failure, TWO_FACTOR_SETUP_FAILED) });
        onClose(false);
      });
    return () => {
      live = false;
    };
  }, [open, onClose]);

  const confirm = async () => {
    if (code.trim() === '') {
      setError('Enter the 6-digit code from your app.');
      return;
    }
    setBusy(true);
    try {
      const enabled = await enableTwoFactor(code.trim());
      setRecoveryCodes(enabled.recoveryCodes);
      showToast({ type: 'success', message: TWO_FACTOR_ON });
    } catch (failure) {
      setError(messageOr(failure, 'Invalid authentication code.'));
    } finally {
      setBusy(false);
    }
  };

  const done = recoveryCodes !== null;
  const footer = done ? (
    <button type="button" className="btn btn--primary" onClick={() => onClose(true)}>
      I have saved my recovery codes
    </button>
  ) : (
    <>
      <button type="button" className="btn" onClick={() => onClose(false)} disabled={busy}>
        Cancel
      </button>
      <button
        type="submit"
        form="two-factor-enrol-form"
        className="btn btn--primary"
        disabled={busy || !setup}
        aria-busy={busy || undefined}
      >
        {busy ? 'Turning on...' : 'Turn on'}
      </button>
    </>
  );

  return (
    <Modal open={open} title="Set up two-factor authentication" onClose={() => onClose(done)} footer={footer}>
      {done ? (
        <RecoveryCodes codes={recoveryCodes} />
      ) : (
        <form
          id="two-factor-enrol-form"
          className="form two-factor-enrol"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <p>Scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy…), then enter the 6-digit code it shows.</p>
          <div className="qr-code" role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={{ __html: qrSvg }} />
          <p className="two-factor-enrol__key">
            Or enter this key: <code>{setup?.secret ?? '…'}</code>
          </p>
          <FormField label="Authentication code" required error={error}>
            {(control) => (
              <input
                {...control}
                className="input"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={10}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
        </form>
      )}
    </Modal>
  );
}
