import type { WebhookDeliveryAttempt } from '../../lib/api/webhooks.ts';
import { durationText } from '../../lib/payment-timeline.ts';
import { formatLogTime } from '../../lib/system-logs.ts';

/** Every attempt of one webhook delivery, oldest first: when, the answer's status, how long, the answer or the error. */
export default function DeliveryAttemptList({ attempts, label }: { attempts: readonly WebhookDeliveryAttempt[]; label: string }) {
  if (attempts.length === 0) return <p className="cell-muted delivery-attempts__none">Not attempted yet.</p>;
  return (
    <ol className="delivery-attempts" aria-label={label}>
      {attempts.map((attempt) => (
        <li key={attempt.attempt}>
          <span className="delivery-attempts__number">#{attempt.attempt}</span>
          <time dateTime={attempt.startedAt}>{formatLogTime(attempt.startedAt)}</time>
          <span className={attempt.statusCode !== null && attempt.statusCode < 300 ? 'badge badge--success' : 'badge badge--danger'}>
            {attempt.statusCode === null ? 'No answer' : `HTTP ${attempt.statusCode}`}
          </span>
          <span className="cell-muted">{durationText(attempt.durationMs)}</span>
          {attempt.error ? <span className="delivery-attempts__error">{attempt.error}</span> : null}
          {attempt.responseExcerpt ? <code className="delivery-attempts__answer">{attempt.responseExcerpt}</code> : null}
        </li>
      ))}
    </ol>
  );
}
