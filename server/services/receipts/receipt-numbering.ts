import type { Database } from '../../db/client.ts';
import { runStatement, StatementParams } from '../../db/statements.ts';

/**
 * Takes the organisation's next receipt number inside the caller's transaction: one atomic
 * UPDATE … RETURNING on the active batch (which deactivates itself when exhausted), or else the
 * organisation's implicit `{CODE}-{n}` sequence. Concurrent callers never get the same number.
 */
export async function takeReceiptNumber(tx: Database, orgId: number): Promise<string> {
  const batchParams = new StatementParams();
  const [taken] = await runStatement<{ prefix: string; number: string | number }>(
    tx,
    'receipt_number_from_batch',
    `update receipt_batches
        set next_number = next_number + 1,
            is_active = (end_number is null or next_number + 1 <= end_number)
      where org_id = ${batchParams.add(orgId)} and is_active and (end_number is null or next_number <= end_number)
     returning prefix, next_number - 1 as number`,
    batchParams,
  );
  if (taken) return `${taken.prefix}${String(taken.number)}`;
  const orgParams = new StatementParams();
  const [row] = await runStatement<{ code: string; number: string | number }>(
    tx,
    'receipt_number_from_organisation',
    `update organisations set next_receipt_number = next_receipt_number + 1
      where id = ${orgParams.add(orgId)}
     returning code, next_receipt_number - 1 as number`,
    orgParams,
  );
  if (!row) throw new Error(`organisation ${orgId} vanished while numbering a receipt`);
  return `${row.code}-${String(row.number)}`;
}
