import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../../server/db/client.ts';
import { jsonRecordsSql, runStatement, StatementParams } from '../../../../server/db/statements.ts';
import { createTestDatabase } from '../../../helpers/database.ts';

describe('jsonRecordsSql', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const read = async (rows: Record<'label' | 'amount' | 'at' | 'data' | 'flag', unknown>[]) => {
    const params = new StatementParams();
    const relation = jsonRecordsSql(params, rows, {
      label: 'varchar',
      amount: 'bigint',
      at: 'timestamptz',
      data: 'jsonb',
      flag: 'boolean',
    });
    return runStatement<Record<string, unknown>>(
      database.db,
      'json_records_probe',
      `select r.label, r.amount::text as amount, to_char(r.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
              r.data::text as data, r.flag, r.position::integer as position
       from ${relation} with ordinality as r(label, amount, at, data, flag, position) order by r.position`,
      params,
    );
  };

  it('reads every row back, typed and in order, whatever the text holds', async () => {
    const at = new Date('2026-11-24T18:30:05.123Z');
    const rows = await read([
      { label: `O'Brien "quoted" \\ back, é ✓ 🎉`, amount: 9_007_199_254_740_991, at, data: { b: [1, 'two'], a: null }, flag: true },
      { label: 'second', amount: 1, at: null, data: null, flag: false },
    ]);
    expect(rows).toEqual([
      {
        label: `O'Brien "quoted" \\ back, é ✓ 🎉`,
        amount: '9007199254740991',
        at: '2026-11-24T18:30:05.123Z',
        data: '{"a": null, "b": [1, "two"]}',
        flag: true,
        position: 1,
      },
      { label: 'second', amount: '1', at: null, data: null, flag: false, position: 2 },
    ]);
  });

  it('keeps one statement text for any number of rows', () => {
    const texts = [1, 50].map((count) => {
      const params = new StatementParams();
      return jsonRecordsSql(
        params,
        Array.from({ length: count }, (_, index) => ({ n: index })),
        { n: 'integer' },
      );
    });
    expect(texts[0]).toBe(texts[1]);
  });
});
