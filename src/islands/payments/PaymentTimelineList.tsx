import type { PaymentTimeline } from '../../lib/api/payment-timeline.ts';
import { timelineEntries } from '../../lib/payment-timeline.ts';
import { formatLogTime } from '../../lib/system-logs.ts';

/** The payment's story, oldest first: status changes with their cause, gateway calls, callbacks, webhooks, messages. */
export default function PaymentTimelineList({ timeline }: { timeline: PaymentTimeline }) {
  const entries = timelineEntries(timeline);
  return (
    <section className="raised-section detail-card" aria-labelledby="payment-timeline-title">
      <div className="detail-card__head">
        <h2 id="payment-timeline-title" className="detail-card__title">
          Timeline
        </h2>
      </div>
      <ol className="payment-timeline">
        {entries.map((entry) => (
          <li key={entry.key} className={`payment-timeline__entry payment-timeline__entry--${entry.tone}`}>
            <time className="payment-timeline__time" dateTime={entry.at}>
              {formatLogTime(entry.at)}
            </time>
            <span className="payment-timeline__kind">{entry.kind}</span>
            <span className="payment-timeline__title">{entry.title}</span>
            {entry.detail ? <span className="payment-timeline__detail">{entry.detail}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
