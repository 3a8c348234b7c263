import { fromMinorUnits } from '../../../isomorphic/money.ts';
import { CSV_BOM, csvRow } from '../../../isomorphic/csv.ts';
import { refundStateOf } from '../../../isomorphic/refund-state.ts';
import type { Database } from '../../db/client.ts';
import { findOrganisation } from '../organisations/organisations-repository.ts';
import { cachedCurrenciesByCode } from '../reference/currency-cache.ts';
import { paymentsInBatches, type ExportedPayment, type PaymentFilters } from './payments-list-repository.ts';

/**
 * Rows read per statement. The export holds two batches, the one being written and the next being read; a small one
 * keeps its rows short-lived, so few reach V8's old generation (docs/performance.md, "Export").
 */
export const EXPORT_BATCH_ROWS = 500;

/** The export's columns, in order: what a spreadsheet user needs to reconcile, with amounts in major units. */
export const EXPORT_HEADER = [
  'Reference',
  'Receipt number',
  'Created at',
  'Paid at',
  'Status',
  'Amount',
  'Currency',
  'Refunded amount',
  'Refund state',
  'Customer name',
  'Customer email',
  'Customer phone',
  'Description',
  'Gateway',
  'Provider reference',
  'Organisation',
] as const;

async function csvRows(db: Database, batch: readonly ExportedPayment[]): Promise<string> {
  const baseUnits = new Map(
    (await cachedCurrenciesByCode(db, [...new Set(batch.map((row) => row.currency))])).map((row) => [row.code, row.baseUnit]),
  );
  let text = '';
  for (const row of batch) {
    const baseUnit = baseUnits.get(row.currency) ?? 100;
    text += csvRow([
      row.reference,
      row.receiptNumber,
      row.createdAt,
      row.paidAt,
      row.status,
      fromMinorUnits(row.amountMinor, baseUnit),
      row.currency,
      fromMinorUnits(row.refundedMinor, baseUnit),
      refundStateOf({ amountMinor: row.amountMinor, refundedAmountMinor: row.refundedMinor }),
      row.customerName,
      row.customerEmail,
      row.customerPhone,
      row.description,
      row.gatewayName,
      row.providerReference,
      row.organisationCode,
    ]);
  }
  return text;
}

/** What the export's file is called: `payments-<organisation code or all>-<from day or start>-<to day or today>.csv`. */
export async function exportFileName(db: Database, orgId: number | null, filters: PaymentFilters, now: Date): Promise<string> {
  const code = orgId === null ? 'all' : ((await findOrganisation(db, orgId))?.code ?? `org${orgId}`);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const safe = code.replace(/[^A-Za-z0-9_-]/g, '_');
  return `payments-${safe}-${filters.from ? day(filters.from) : 'start'}-${day(filters.to ?? now)}.csv`;
}

/**
 * The CSV of every payment matching the filters, newest first, as text chunks: the BOM and header with the first batch
 * (read before the first chunk is handed out, so a failing database is an error answer rather than a cut file), then
 * one chunk per batch as the reader asks for it, the batch after it already being read.
 */
export async function paymentsCsv(db: Database, orgId: number | null, filters: PaymentFilters): Promise<AsyncIterable<string>> {
  const batches = paymentsInBatches(db, orgId, filters, EXPORT_BATCH_ROWS);
  const first = await batches.next();
  const head = CSV_BOM + csvRow(EXPORT_HEADER) + (first.done ? '' : await csvRows(db, first.value));
  return (async function* chunks() {
    yield head;
    // The next batch is asked for before this one is written out, so the database reads it while this process
    // formats and sends: two batches at most are held.
    let next = batches.next();
    try {
      for (;;) {
        const batch = await next;
        if (batch.done) return;
        next = batches.next();
        yield await csvRows(db, batch.value);
      }
    } finally {
      // A reader that stopped early (the client went away) leaves a batch being read: its failure is dropped, not
      // left unhandled.
      next.catch(() => undefined);
    }
  })();
}
