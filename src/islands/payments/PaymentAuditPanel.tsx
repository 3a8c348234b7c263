import { useEffect, useState } from 'react';
import { listPaymentAuditEvents, type AuditEvent } from '../../lib/api/audit.ts';
import { auditChangeText } from '../../lib/audit.ts';
import { formatLogTime } from '../../lib/system-logs.ts';
import EmptyState from '../ui/EmptyState.tsx';

/** The payment's own audit entries, oldest first: who created it, changed its status or acted on it, and from where. */
export default function PaymentAuditPanel({ reference }: { reference: string }) {
  const [entries, setEntries] = useState<AuditEvent[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    listPaymentAuditEvents(reference).then(
      (items) => current && setEntries(items),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [reference]);
  return (
    <section className="raised-section detail-card" aria-labelledby="payment-audit-title">
      <div className="detail-card__head">
        <h2 id="payment-audit-title" className="detail-card__title">
          Audit
        </h2>
      </div>
      {failed ? (
        <EmptyState title="The audit entries could not be loaded." description="Reload the page to try again." />
      ) : entries === null ? null : entries.length === 0 ? (
        <EmptyState title="No audit entries for this payment." description="Entries are written from the moment auditing began." />
      ) : (
        <ul className="payment-audit">
          {entries.map((entry) => (
            <li key={entry.id} className="payment-audit__entry">
              <time dateTime={String(entry.at)}>{formatLogTime(String(entry.at))}</time> <span className="code-tag">{entry.action}</span>{' '}
              <span>{entry.actor ?? entry.actorKind}</span>
              <div className="cell-muted">{auditChangeText(entry.changes)}</div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
