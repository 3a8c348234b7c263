/**
 * The CTEs `from_batch` and `from_organisation` that take the next receipt number of the organisation `orgIdSql`
 * evaluates to (none when it is null): an atomic UPDATE … RETURNING on the active batch (which deactivates itself
 * when exhausted), or — only when no batch gave one — the organisation's implicit `{CODE}-{n}` sequence. Concurrent
 * callers never get the same number. `receiptNumberSelect` reads the number they took.
 */
export function receiptNumberCtes(orgIdSql: string): string {
  return `from_batch as (
       update receipt_batches
          set next_number = next_number + 1,
              is_active = (end_number is null or next_number + 1 <= end_number)
        where org_id = ${orgIdSql} and is_active and (end_number is null or next_number <= end_number)
       returning prefix || (next_number - 1)::text as receipt_number
     ),
     from_organisation as (
       update organisations set next_receipt_number = next_receipt_number + 1
        where id = ${orgIdSql} and not exists (select 1 from from_batch)
       returning code || '-' || (next_receipt_number - 1)::text as receipt_number
     )`;
}

/** The receipt number the CTEs of receiptNumberCtes took (null when they took none). */
export const receiptNumberSelect = 'select receipt_number from from_batch union all select receipt_number from from_organisation';
