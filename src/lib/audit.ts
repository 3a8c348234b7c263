// The Audit view's wording and filters, kept out of the islands so they are tested alone.

/** A value of a changed field as the table shows it: text as is, null as "—", anything else as JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The changed fields in one line: "name: Old → New; status: Pending → Success" (secrets arrive masked). */
export function auditChangeText(changes: Readonly<Record<string, { before?: unknown; after?: unknown }>>): string {
  return Object.entries(changes)
    .map(([field, { before, after }]) => `${field}: ${valueText(before)} → ${valueText(after)}`)
    .join('; ');
}

/** The API's from/to for the chosen days (UTC): from the start of `fromDay` to the end of `toDay`; empty days add none. */
export function auditDayBounds(fromDay: string, toDay: string): { from?: string; to?: string } {
  const bounds: { from?: string; to?: string } = {};
  if (/^\d{4}-\d{2}-\d{2}$/.test(fromDay)) bounds.from = `${fromDay}T00:00:00.000Z`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(toDay)) bounds.to = new Date(Date.parse(`${toDay}T00:00:00.000Z`) + 86_400_000).toISOString();
  return bounds;
}
