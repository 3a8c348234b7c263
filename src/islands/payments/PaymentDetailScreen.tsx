import { useCallback, useEffect, useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { getPaymentTimeline, type PaymentDelivery, type PaymentTimeline } from '../../lib/api/payment-timeline.ts';
import { resendWebhookDelivery } from '../../lib/api/webhooks.ts';
import { PAYMENT_DETAIL_LOAD_FAILED, PAYMENT_NOT_FOUND, referenceFromPath } from '../../lib/payment-timeline.ts';
import { isSuperadmin } from '../../lib/roles.ts';
import { headingForEveryone, PAGE_MATCH_PLACEHOLDER } from '../../lib/screen-heading.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import { RESEND_FAILED, RESEND_QUEUED, deliveryRefreshMs } from '../../lib/webhook-settings.ts';
import RequireSession from '../shell/RequireSession.tsx';
import EmptyState from '../ui/EmptyState.tsx';
import ScreenHeader from '../ui/ScreenHeader.tsx';
import { NEEDS_REFUND_WARNING } from '../../lib/refund-form.ts';
import PaymentActions from './PaymentActions.tsx';
import PaymentDeliveriesPanel from './PaymentDeliveriesPanel.tsx';
import PaymentFacts from './PaymentFacts.tsx';
import PaymentTimelineList from './PaymentTimelineList.tsx';
import RefundHistory from './RefundHistory.tsx';
import { usePaymentRefunds } from './usePaymentRefunds.ts';
import PaymentAuditPanel from './PaymentAuditPanel.tsx';

type Loaded =
  { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string } | { state: 'loaded'; timeline: PaymentTimeline };

/** The screen's heading: the page's HTML names the payment from its address (detail.astro, EarlyRequests.astro). */
export const PAYMENT_HEADING = headingForEveryone(`Payment ${PAGE_MATCH_PLACEHOLDER}`);

/** The heading's title for `reference` (none: the page's own address, which names no payment). */
const titleOf = (reference: string | null) => PAYMENT_HEADING.orgadmin.title.replace(PAGE_MATCH_PLACEHOLDER, reference ?? '').trim();

const backLink = (
  <a className="btn btn--sm" href="/dashboard/payments">
    All Payments
  </a>
);

/** Loads the timeline, and looks again while a delivery is on its way so its outcome shows up. */
function usePaymentTimeline(reference: string | null) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const reload = useCallback(async () => {
    if (reference === null) return setLoaded({ state: 'missing' });
    try {
      setLoaded({ state: 'loaded', timeline: await getPaymentTimeline(reference) });
    } catch (error) {
      // A reference of another organisation answers 404 like a missing one; a malformed one 400.
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) setLoaded({ state: 'missing' });
      else setLoaded({ state: 'failed', message: error instanceof Error ? error.message : PAYMENT_DETAIL_LOAD_FAILED });
    }
  }, [reference]);
  useEffect(() => void reload(), [reload]);
  const deliveries = loaded.state === 'loaded' ? loaded.timeline.deliveries : null;
  useEffect(() => {
    const wait = deliveries ? deliveryRefreshMs(deliveries, Date.now()) : null;
    if (wait === null) return;
    const timer = setTimeout(() => void reload(), wait);
    return () => clearTimeout(timer);
  }, [deliveries, reload]);
  return { loaded, reload };
}

/** The detail of one payment, for its organisation's users and for superadmins (any organisation). */
function PaymentDetail({ superadmin }: { superadmin: boolean }) {
  const [reference] = useState(() => referenceFromPath(window.location.pathname));
  const { loaded, reload } = usePaymentTimeline(reference);
  const { refunds, reload: reloadRefunds } = usePaymentRefunds(reference);
  const [resendingId, setResendingId] = useState<number | null>(null);

  const resend = async (delivery: PaymentDelivery, organisationId: number) => {
    setResendingId(delivery.id);
    try {
      await resendWebhookDelivery(superadmin ? organisationId : null, delivery.id);
      showToast(successToast(RESEND_QUEUED));
      await reload();
    } catch (error) {
      showToast(failureToast(error, RESEND_FAILED));
    } finally {
      setResendingId(null);
    }
  };

  // The heading the page's HTML painted stays while the payment loads.
  if (loaded.state === 'loading')
    return (
      <section className="screen payment-detail">
        <ScreenHeader title={titleOf(reference)} />
      </section>
    );
  if (loaded.state !== 'loaded')
    return (
      <section className="screen payment-detail">
        <ScreenHeader title={titleOf(reference)} actions={backLink} />
        <div className="table-wrap">
          <EmptyState
            title={loaded.state === 'missing' ? PAYMENT_NOT_FOUND : PAYMENT_DETAIL_LOAD_FAILED}
            description={loaded.state === 'missing' ? 'Check the reference, or find the payment in the list.' : loaded.message}
          />
        </div>
      </section>
    );
  const { timeline } = loaded;
  const { payment } = timeline;
  const showsRefunds = payment.status === 'Success' || payment.needsRefund || (refunds.state === 'loaded' && refunds.items.length > 0);
  return (
    <section className="screen payment-detail">
      <ScreenHeader
        title={titleOf(payment.reference)}
        description={`${payment.customerName} · ${payment.description}`}
        actions={
          <>
            {/* Superadmins read every organisation's payments but never act on them. */}
            {superadmin ? null : (
              <PaymentActions
                payment={payment}
                refunds={refunds.state === 'loaded' ? refunds.items : []}
                onChanged={() => void Promise.all([reload(), reloadRefunds()])}
              />
            )}
            <button type="button" className="btn btn--sm" onClick={() => void Promise.all([reload(), reloadRefunds()])}>
              Refresh
            </button>
            {backLink}
          </>
        }
      />
      {payment.needsRefund ? (
        <p className="refund-warning" role="alert">
          <strong>Needs a refund.</strong> {NEEDS_REFUND_WARNING}
        </p>
      ) : null}
      <div className="payment-detail__grid">
        <PaymentFacts timeline={timeline} showOrganisation={superadmin} />
        <PaymentTimelineList timeline={timeline} />
      </div>
      {showsRefunds ? <RefundHistory refunds={refunds} /> : null}
      <PaymentDeliveriesPanel
        deliveries={timeline.deliveries}
        resendingId={resendingId}
        onResend={(delivery) => void resend(delivery, timeline.organisation.id)}
      />
      <PaymentAuditPanel reference={timeline.payment.reference} />
    </section>
  );
}

/** /dashboard/payments/{reference}: one payment as a timeline a support person reads top to bottom. */
export default function PaymentDetailScreen() {
  return <RequireSession>{(user) => <PaymentDetail superadmin={isSuperadmin(user.role)} />}</RequireSession>;
}
