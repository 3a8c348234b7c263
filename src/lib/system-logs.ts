// System Logs rules shared by the screen and its tests (docs/console.md#screens System Logs, #entities Api log and Webhook log).

/** The Organisation filter's choice that shows every organisation's webhook logs. */
export const ALL_ORGANISATIONS_LABEL = 'All (unfiltered)';

const OK_WEBHOOK_STATUSES: ReadonlySet<string> = new Set(['accepted', 'success', 'ok']);

/** Whether a webhook log status counts as good: accepted, success or ok, in any letter case. */
export function isOkWebhookStatus(status: string | null | undefined): boolean {
  return OK_WEBHOOK_STATUSES.has((status ?? '').trim().toLowerCase());
}

/** Badge classes of a webhook log status: green when good, amber for anything else. */
export function webhookStatusClass(status: string | null | undefined): string {
  return isOkWebhookStatus(status) ? 'badge badge--success' : 'badge badge--warning';
}

/** Badge classes of an API log's HTTP status: green 2xx/3xx, amber 4xx, red 5xx and anything odd. */
export function httpStatusClass(statusCode: number): string {
  if (statusCode >= 200 && statusCode < 400) return 'badge badge--success';
  if (statusCode >= 400 && statusCode < 500) return 'badge badge--warning';
  return 'badge badge--danger';
}

/** When a log entry happened: a webhook log may carry `timestamp` or `createdAt` (docs/console.md#entities). */
export function logTime(entry: { timestamp?: string | null; createdAt?: string | null }): string {
  return entry.timestamp ?? entry.createdAt ?? '';
}

/** A log time to the second in the viewer's time zone ("22 Nov 2026, 10:01:05"); the raw text when unreadable. */
export function formatLogTime(iso: string, locale = 'en-GB'): string {
  if (!iso) return '';
  const parsed = new Date(iso);
  if (Number.isNaN(parsed.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(parsed);
}
