import { useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { fetchCheckoutUrl, fetchRecordUrl, rotateCheckoutToken } from '../../lib/api/organisations.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import {
  CHECKOUT_ROTATE_FAILED,
  CHECKOUT_URL_FAILED,
  CHECKOUT_URL_FETCHED,
  CHECKOUT_URL_ROTATED,
  RECORD_URL_FAILED,
  RECORD_URL_FETCHED,
  ROTATE_QUESTION,
} from '../../lib/webhook-settings.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import PublicUrlField from './PublicUrlField.tsx';

type Busy = 'checkout' | 'record' | 'rotate' | null;

/** Public Checkout URL (fetch, copy, rotate after confirming) and Public Record URL (fetch, copy). */
export default function PublicUrlsPanel({ organisationId }: { organisationId: number | null }) {
  const [checkoutUrl, setCheckoutUrl] = useState('');
  const [recordUrl, setRecordUrl] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState(false);

  const run = async (which: Busy, action: () => Promise<void>) => {
    setBusy(which);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };

  const getCheckout = () =>
    run('checkout', async () => {
      try {
        setCheckoutUrl((await fetchCheckoutUrl(organisationId)).url);
        showToast(successToast(CHECKOUT_URL_FETCHED));
      } catch (error) {
        setCheckoutUrl('');
        showToast(failureToast(error, CHECKOUT_URL_FAILED));
      }
    });

  const getRecord = () =>
    run('record', async () => {
      try {
        setRecordUrl((await fetchRecordUrl(organisationId)).url);
        showToast(successToast(RECORD_URL_FETCHED));
      } catch (error) {
        setRecordUrl('');
        showToast(failureToast(error, RECORD_URL_FAILED));
      }
    });

  const rotate = () =>
    run('rotate', async () => {
      try {
        setCheckoutUrl((await rotateCheckoutToken(organisationId)).url);
        showToast(successToast(CHECKOUT_URL_ROTATED));
        // The Record URL rotates with the token (docs/console.md#states): a shown one is now dead, so show the new one.
        if (recordUrl !== '')
          setRecordUrl(
            await fetchRecordUrl(organisationId).then(
              ({ url }) => url,
              () => '',
            ),
          );
      } catch (error) {
        showToast(failureToast(error, CHECKOUT_ROTATE_FAILED));
      } finally {
        setConfirming(false);
      }
    });

  return (
    <div className="webhook-urls">
      <PublicUrlField
        title="Public Checkout URL"
        label="Checkout URL"
        url={checkoutUrl}
        description="The hosted checkout page: share it and customers pay the organisation directly."
        busy={busy === 'checkout'}
        onFetch={() => void getCheckout()}
        extra={
          <button type="button" className="btn btn--danger-ghost" onClick={() => setConfirming(true)} disabled={busy !== null}>
            Rotate
          </button>
        }
      />
      <PublicUrlField
        title="Public Record URL"
        label="Record URL"
        url={recordUrl}
        description="POST a payment here to record it as paid at once. Keep it private; rotating the checkout token changes it too."
        busy={busy === 'record'}
        onFetch={() => void getRecord()}
      />
      <ConfirmDialog
        open={confirming}
        title="Rotate checkout URL"
        message={ROTATE_QUESTION}
        confirmLabel="Rotate"
        busy={busy === 'rotate'}
        onConfirm={() => void rotate()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
