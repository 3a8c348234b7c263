import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BOM, parseCsv } from '../../isomorphic/csv.ts';
import { payments } from '../../server/db/schema.ts';
import { EXPORT_HEADER } from '../../server/services/payments/payments-export.ts';
import { StatementParams } from '../../server/db/statements.ts';
import { CREATED_UTC_SQL, EACH_STATUS_NEWEST_FIRST, eachStatusWalk } from '../../server/services/payments/payments-list-repository.ts';
import { queryRows } from '../../server/db/raw.ts';
import { rebuildRollups } from '../../bench/lib/seed.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { apiCaller } from '../helpers/request.ts';

let t: TestApp;
let orgA: number;
let orgB: number;
let orgBig: number;
let codeA: string;
let orgadminA: string;
let orgadminB: string;
let admin: string;
let apiTokenA: string;
let consoleUserA: number;

const call = apiCaller(() => t.app);
type Row = typeof payments.$inferSelect;
type Listed = {
  id: string;
  amount: string;
  amountMinor: number;
  currency: string;
  status: string;
  customerName: string;
  customerEmail: string;
  createdAt: string;
  paidAt: string | null;
  receiptNumber: string | null;
  organisationCode: string;
};
type Page = { items: Listed[]; total: number; totalCapped: boolean; page: number; pageSize: number; next: string | null };

// Names a spreadsheet would run as formulas, and text that needs quoting or UTF-8.
const NAMES = [
  'Ama Mensah',
  'Kofi Annan',
  '=HYPERLINK("http://evil.test","Click")',
  '+233 Caller',
  '-2+3',
  '@SUM(A1:A2)',
  '\tTabbed Name',
  'Ẹ̀sí "Quoted", Boateng ₵',
  'Yaw Owusu',
  'Abena Asante',
];
const BASE = Date.UTC(2026, 9, 1, 8, 0, 0);
const HOUR = 3_600_000;

/** Payment i of an organisation: every filter's value varies with i, so each filter and combination selects a different set. */
function seedRow(orgId: number, i: number, createdBy: number | null) {
  const status = (['Pending', 'Success', 'Failed'] as const)[i % 3]!;
  const currency = i % 4 === 0 ? 'XOF' : 'GHS';
  const gatewayId = i % 5 === 0 ? null : i % 2 === 0 ? 11 : 12;
  const createdAt = new Date(BASE + i * HOUR + (i % 7) * 123);
  const recorded = status === 'Success' && gatewayId === null && i % 2 === 1;
  return {
    reference: `PAY-${String(orgId).padStart(4, '0')}T${String(i).padStart(11, '0')}`,
    orgId,
    amountMinor: currency === 'XOF' ? 500 + i * 250 : 100 + ((i * 3_701) % 400_000),
    currency,
    status,
    customerName: NAMES[i % NAMES.length]!,
    customerEmail: `customer${i % 13}@example${orgId}.test`,
    description: `Order ${i}`,
    processViaGateway: gatewayId !== null && i % 7 !== 0,
    isBankPayment: gatewayId !== null && i % 7 === 0,
    gatewayId,
    createdBy: recorded ? null : i % 3 === 1 ? createdBy : null,
    receiptNumber: status === 'Success' ? `R-${orgId}-${i}` : null,
    paidAt: status === 'Success' ? (recorded ? createdAt : new Date(createdAt.getTime() + 60_000)) : null,
    createdAt,
    updatedAt: createdAt,
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  orgA = await createOrganisation(t.db, 'List Co');
  orgB = await createOrganisation(t.db, 'Other List Co');
  orgBig = await createOrganisation(t.db, 'Big Co');
  consoleUserA = await createUser(t.db, { email: 'a@list.test', orgId: orgA });
  await createUser(t.db, { email: 'b@list.test', orgId: orgB });
  await createUser(t.db, { email: 'root@list.test', role: 'superadmin' });
  orgadminA = await signIn(t.app, 'a@list.test');
  orgadminB = await signIn(t.app, 'b@list.test');
  admin = await signIn(t.app, 'root@list.test');
  const organisation = body<{ apiToken: string; code: string }>(await call('GET', `/api/organisations/${orgA}`, admin));
  apiTokenA = organisation.apiToken;
  codeA = organisation.code;
  await t.db.insert(payments).values(Array.from({ length: 90 }, (_, i) => seedRow(orgA, i, consoleUserA)));
  await t.db.insert(payments).values(Array.from({ length: 30 }, (_, i) => seedRow(orgB, i, null)));
  // An organisation with more matches than the total's cap and more rows than one export batch.
  await t.db.execute(sql`
    insert into payments (reference, org_id, amount_minor, currency, status, customer_name, customer_email, description, created_at, updated_at)
    select 'PAY-BIG' || lpad(n::text, 13, '0'), ${orgBig}::integer, 100 + n, 'GHS', case when n % 2 = 0 then 'Success' else 'Pending' end,
           'Broad Name ' || n, 'broad' || n || '@big.test', 'Bulk ' || n,
           timestamptz '2026-10-01' + n * interval '1 second', timestamptz '2026-10-01' + n * interval '1 second'
    from generate_series(1, 2500) as n`);
  await rebuildRollups(t.db);
  // 2,620 payments and their roll-ups: longer than a hook's default on a busy machine.
}, 240_000);
afterAll(() => t?.close());

async function storedOf(orgId: number | null): Promise<Row[]> {
  const rows = await t.db.select().from(payments).orderBy(desc(payments.createdAt), desc(payments.id));
  return orgId === null ? rows : rows.filter((row) => row.orgId === orgId);
}

/** Every page of a list query (pageSize 100), as references. */
async function listAll(query: string, token: string): Promise<{ references: string[]; first: Page }> {
  const references: string[] = [];
  let first: Page | undefined;
  for (let page = 1; ; page++) {
    const response = await call('GET', `/api/payments?${query}&pageSize=100&page=${page}`, token);
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    const list = body<Page>(response);
    first ??= list;
    references.push(...list.items.map((item) => item.id));
    if (list.items.length < 100) return { references, first };
  }
}

/** Every page of a list query followed by its `next` cursor, as references. */
async function listAllByCursor(query: string, token: string, pageSize: number): Promise<string[]> {
  const references: string[] = [];
  let after: string | null = null;
  do {
    const page: Page = body<Page>(
      await call('GET', `/api/payments?${query}&pageSize=${pageSize}${after ? `&after=${encodeURIComponent(after)}` : ''}`, token),
    );
    references.push(...page.items.map((item) => item.id));
    after = page.next;
  } while (after);
  return references;
}

const iso = (ms: number) => new Date(ms).toISOString();
const matchesText = (text: string, term: string) => text.toLowerCase().includes(term.toLowerCase());

describe('GET /api/payments filters', () => {
  it('answers every filter and combination with exactly the matching rows of the own organisation, newest first', async () => {
    const stored = await storedOf(orgA);
    const cases: [query: string, matches: (row: Row) => boolean][] = [
      ['status=Failed', (row) => row.status === 'Failed'],
      ['status=Failed,Pending', (row) => row.status !== 'Success'],
      ['status=Success,Success', (row) => row.status === 'Success'],
      ['gatewayId=11', (row) => row.gatewayId === 11],
      ['currency=XOF', (row) => row.currency === 'XOF'],
      ['currency=ghs', (row) => row.currency === 'GHS'],
      ['currency=GHS&amountMin=1000.00', (row) => row.currency === 'GHS' && row.amountMinor >= 100_000],
      ['currency=GHS&amountMax=250.5', (row) => row.currency === 'GHS' && row.amountMinor <= 25_050],
      ['currency=GHS&amountMin=0&amountMax=1000', (row) => row.currency === 'GHS' && row.amountMinor <= 100_000],
      [
        'currency=XOF&amountMin=2000&amountMax=10000',
        (row) => row.currency === 'XOF' && row.amountMinor >= 2000 && row.amountMinor <= 10_000,
      ],
      ['channel=gateway', (row) => row.processViaGateway],
      ['channel=bank', (row) => row.isBankPayment],
      ['channel=none', (row) => !row.processViaGateway && !row.isBankPayment],
      ['channel=checkout', (row) => row.createdBy === null && (row.processViaGateway || row.isBankPayment)],
      [
        'channel=record-url',
        (row) =>
          !row.processViaGateway && !row.isBankPayment && row.createdBy === null && row.paidAt?.getTime() === row.createdAt.getTime(),
      ],
      ['customer=mensah', (row) => matchesText(row.customerName, 'mensah')],
      ['customer=customer3%40', (row) => matchesText(row.customerEmail, 'customer3@')],
      [`customer=${encodeURIComponent('"Quoted"')}`, (row) => row.customerName.includes('"Quoted"')],
      ['search=0000000004', (row) => row.reference.includes('0000000004')],
      // A term with a space is looked up in names only; an address by its part before the @, then checked whole.
      [`search=${encodeURIComponent('yaw owusu')}`, (row) => matchesText(row.customerName, 'yaw owusu')],
      [`search=${encodeURIComponent(`customer3@example${orgA}.test`)}`, (row) => row.customerEmail === `customer3@example${orgA}.test`],
      [`customer=${encodeURIComponent('TOMER1@EXAMPLE')}`, (row) => matchesText(row.customerEmail, 'tomer1@example')],
      // A whole reference, typed in lower case: found through the unique index, still only in the own organisation.
      [`search=${stored[4]!.reference.toLowerCase()}`, (row) => row.reference === stored[4]!.reference],
      [
        `from=${iso(BASE + 10 * HOUR)}&to=${iso(BASE + 40 * HOUR)}`,
        (row) => row.createdAt.getTime() >= BASE + 10 * HOUR && row.createdAt.getTime() < BASE + 40 * HOUR,
      ],
      [
        `status=Success,Failed&currency=GHS&amountMin=100&gatewayId=12&from=${iso(BASE + 5 * HOUR)}`,
        (row) =>
          row.status !== 'Pending' &&
          row.currency === 'GHS' &&
          row.amountMinor >= 10_000 &&
          row.gatewayId === 12 &&
          row.createdAt.getTime() >= BASE + 5 * HOUR,
      ],
      [
        'channel=none&status=Success&customer=a',
        (row) =>
          !row.processViaGateway &&
          !row.isBankPayment &&
          row.status === 'Success' &&
          matchesText(row.customerName + row.customerEmail, 'a'),
      ],
      [
        'search=kofi&channel=gateway&currency=GHS',
        (row) => matchesText(row.customerName, 'kofi') && row.processViaGateway && row.currency === 'GHS',
      ],
    ];
    for (const [query, matches] of cases) {
      const expected = stored.filter(matches).map((row) => row.reference);
      expect(expected.length, `${query} selects something and not everything`).toBeGreaterThan(0);
      expect(expected.length, query).toBeLessThan(stored.length);
      const { references, first } = await listAll(query, orgadminA);
      expect({ query, references }).toEqual({ query, references: expected });
      expect({ query, total: first.total, capped: first.totalCapped }).toEqual({ query, total: expected.length, capped: false });
    }
  });

  it('finds nothing for an address whose part before the @ matches but whose domain does not', async () => {
    const { references, first } = await listAll(`search=${encodeURIComponent('customer3@example0.test')}`, orgadminA);
    expect({ references, total: first.total }).toEqual({ references: [], total: 0 });
  });

  it('keeps spaces out of stored e-mail addresses, which the search relies on', async () => {
    const row = { ...seedRow(orgA, 999, null), customerEmail: 'ama mensah@example.test' };
    await expect(t.db.insert(payments).values(row)).rejects.toThrow();
    expect(await t.db.select().from(payments).where(eq(payments.reference, row.reference))).toEqual([]);
  });

  it('answers the same to the organisation API token', async () => {
    const byConsole = await listAll('status=Success&channel=none', orgadminA);
    const byToken = await listAll('status=Success&channel=none', apiTokenA);
    expect(byToken.references).toEqual(byConsole.references);
    expect(byToken.references.length).toBeGreaterThan(0);
  });

  it('refuses bad values with a 400 that names them, and changes nothing', async () => {
    const before = await t.db.select().from(payments).orderBy(asc(payments.id));
    const cases: [query: string, message: RegExp][] = [
      ['status=Paid', /^status "Paid" is not one of Pending, Success, Failed/],
      ['status=Failed,', /^status "" is not one of/],
      ['channel=card', /^channel "card" is not one of gateway, bank, none, checkout, record-url\.$/],
      ['currency=GH1', /^currency "GH1" is not an ISO 4217 code/],
      ['currency=ZZZ', /^currency ZZZ is not a currency this platform knows\.$/],
      ['currency=GHS&amountMin=1.234', /^amountMin: Amount has more decimals than GHS allows \(2\)\.$/],
      ['currency=XOF&amountMax=10.5', /^amountMax: Amount has more decimals than XOF allows \(0\)\.$/],
      ['currency=GHS&amountMin=abc', /^amountMin: Amount must be a positive decimal number/],
      ['amountMin=10', /^amountMin and amountMax need a currency/],
      ['currency=GHS&amountMin=20&amountMax=10', /^amountMin must not be more than amountMax\.$/],
      [`from=${iso(BASE)}&to=${iso(BASE)}`, /^from must be before to\.$/],
      ['from=yesterday', /^querystring\.from must match format "date-time"$/],
      ['gatewayId=abc', /^querystring\.gatewayId must be integer$/],
      ['after=bm90LWEtY3Vyc29y', /^after is not a cursor this API gave/],
      [`organisationId=${orgB}`, /^organisationId is for superadmins/],
    ];
    for (const [query, message] of cases) {
      // The export has no pages, so no cursor either.
      const urls = query.startsWith('after=')
        ? [`/api/payments?${query}`]
        : [`/api/payments?${query}`, `/api/payments/export.csv?${query}`];
      for (const url of urls) {
        const response = await call('GET', url, orgadminA);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        expect(body<{ message: string }>(response).message, url).toMatch(message);
      }
    }
    expect(await t.db.select().from(payments).orderBy(asc(payments.id))).toEqual(before);
  });
});

describe('organisation scope', () => {
  it("never shows an orgadmin another organisation's rows, in the list or the export", async () => {
    const foreign = new Set((await storedOf(orgB)).map((row) => row.reference));
    const own = (await storedOf(orgA)).map((row) => row.reference);
    const { references } = await listAll('', orgadminA);
    expect(references).toEqual(own);
    const [foreignReference] = foreign;
    expect(body<Page>(await call('GET', `/api/payments?search=${foreignReference}`, orgadminA)).total).toBe(0);
    const csv = parseCsv((await call('GET', '/api/payments/export.csv', orgadminA)).body);
    expect(csv.slice(1).map((cells) => cells[0])).toEqual(own);
    expect(body<Page>(await call('GET', '/api/payments', orgadminB)).total).toBe(foreign.size);
  });

  it('gives a superadmin one list of every organisation, or the one organisationId names (404 for none)', async () => {
    const everything = (await storedOf(null)).map((row) => row.reference);
    const all = await listAll('', admin);
    expect(all.references).toEqual(everything);
    expect(all.first.total).toBe(everything.length);
    expect(new Set(all.first.items.map((item) => item.organisationCode)).size).toBeGreaterThanOrEqual(1);
    const onlyB = await listAll(`organisationId=${orgB}&status=Pending`, admin);
    expect(onlyB.references).toEqual((await storedOf(orgB)).filter((row) => row.status === 'Pending').map((row) => row.reference));
    const searched = await listAll('search=kofi', admin);
    expect(searched.references).toEqual(
      (await storedOf(null)).filter((row) => matchesText(row.customerName, 'kofi')).map((row) => row.reference),
    );
    expect(new Set(searched.references.map((reference) => reference.slice(4, 8))).size).toBe(2);
    // One status across every organisation (compared with `=`) and several (`= any`): the same rows, newest first.
    for (const statuses of [['Pending'], ['Success'], ['Failed', 'Pending']]) {
      const listed = await listAll(`status=${statuses.join(',')}`, admin);
      const stored = (await storedOf(null)).filter((row) => statuses.includes(row.status)).map((row) => row.reference);
      expect(listed.references, statuses.join()).toEqual(stored);
      // Statuses alone are the roll-ups' own filters: the total is exact, past the cap too.
      expect({ total: listed.first.total, capped: listed.first.totalCapped }).toEqual({ total: stored.length, capped: false });
    }
    expect((await call('GET', '/api/payments?organisationId=999999', admin)).statusCode).toBe(404);
    // The per-organisation path keeps working, with the same filters.
    const byPath = body<Page>(await call('GET', `/api/organisations/${orgB}/payments?status=Pending&pageSize=100`, admin));
    expect(byPath.items.map((item) => item.id)).toEqual(onlyB.references);
  });
});

describe('totals past the cap, and keyset pages', () => {
  it('counts up to 1,000 and then says totalCapped; roll-up totals stay exact', async () => {
    const broad = body<Page>(await call('GET', `/api/payments?organisationId=${orgBig}&search=broad`, admin));
    expect({ total: broad.total, capped: broad.totalCapped, items: broad.items.length }).toEqual({ total: 1000, capped: true, items: 10 });
    const exact = body<Page>(await call('GET', `/api/payments?organisationId=${orgBig}&status=Success`, admin));
    expect({ total: exact.total, capped: exact.totalCapped }).toEqual({ total: 1250, capped: false });
    const narrow = body<Page>(
      await call('GET', `/api/payments?organisationId=${orgBig}&customer=${encodeURIComponent('Broad Name 99')}`, admin),
    );
    // Broad Name 99, 990–999.
    expect({ total: narrow.total, capped: narrow.totalCapped }).toEqual({ total: 11, capped: false });
    const justOver = body<Page>(await call('GET', `/api/payments?organisationId=${orgBig}&currency=GHS&amountMax=11.01`, admin));
    expect({ total: justOver.total, capped: justOver.totalCapped }).toEqual({ total: 1000, capped: true });
    const atCap = body<Page>(await call('GET', `/api/payments?organisationId=${orgBig}&currency=GHS&amountMax=11.00`, admin));
    expect({ total: atCap.total, capped: atCap.totalCapped }).toEqual({ total: 1000, capped: false });
  });

  it("tells a name's common first word past the cap in any case, and counts it exactly when other filters leave few", async () => {
    for (const term of ['Broad', 'bROAD']) {
      const page = body<Page>(await call('GET', `/api/payments?organisationId=${orgBig}&customer=${term}`, admin));
      expect({ total: page.total, capped: page.totalCapped }, term).toEqual({ total: 1000, capped: true });
      expect(page.items.map((item) => item.customerName)).toEqual(Array.from({ length: 10 }, (_, i) => `Broad Name ${2500 - i}`));
    }
    // Every name's first word is Broad (2,500), but only amounts up to 11.00 (n ≤ 1,000) are asked for: exactly 1,000.
    const few = body<Page>(await call('GET', `/api/payments?organisationId=${orgBig}&customer=Broad&currency=GHS&amountMax=11.00`, admin));
    expect({ total: few.total, capped: few.totalCapped, first: few.items[0]?.customerName }).toEqual({
      total: 1000,
      capped: false,
      first: 'Broad Name 1000',
    });
    // A last word (the number) names one payment, and the term is in 43 names (n containing 99): counted, not proven.
    const lastWord = body<Page>(await call('GET', `/api/payments?organisationId=${orgBig}&customer=99`, admin));
    expect({ total: lastWord.total, capped: lastWord.totalCapped }).toEqual({ total: 43, capped: false });
    const rare = body<Page>(await call('GET', `/api/payments?organisationId=${orgBig}&customer=2499`, admin));
    expect({ total: rare.total, capped: rare.totalCapped }).toEqual({ total: 1, capped: false });
  });

  it('caps a term found past the cap in e-mail addresses only, and walks its pages newest first', async () => {
    const page = body<Page>(await call('GET', `/api/payments?organisationId=${orgBig}&search=${encodeURIComponent('@big.test')}`, admin));
    expect({ total: page.total, capped: page.totalCapped }).toEqual({ total: 1000, capped: true });
    expect(page.items.map((item) => item.customerEmail)).toEqual(Array.from({ length: 10 }, (_, i) => `broad${2500 - i}@big.test`));
  });

  it('pages few matches by number and by cursor alike, and still counts them on a page past the end', async () => {
    const query = `organisationId=${orgBig}&customer=${encodeURIComponent('Broad Name 99')}&pageSize=10`;
    const pages = await Promise.all(
      [1, 2, 3].map(async (number) => body<Page>(await call('GET', `/api/payments?${query}&page=${number}`, admin))),
    );
    expect(pages.map((page) => [page.items.length, page.total, page.totalCapped])).toEqual([
      [10, 11, false],
      [1, 11, false],
      [0, 11, false],
    ]);
    const byCursor: string[] = [];
    let after: string | null = null;
    do {
      const page: Page = body<Page>(
        await call('GET', `/api/payments?${query}${after ? `&after=${encodeURIComponent(after)}` : ''}`, admin),
      );
      byCursor.push(...page.items.map((item) => item.id));
      after = page.next;
    } while (after);
    expect(byCursor).toEqual(pages.flatMap((page) => page.items.map((item) => item.id)));
  });

  it('pages by the next cursor through the same rows as by page number', async () => {
    const query = `organisationId=${orgBig}&search=broad&status=Pending`;
    const byNumber = await listAll(query, admin);
    const byCursor = await listAllByCursor(query, admin, 100);
    expect(byCursor).toHaveLength(1250);
    expect(byCursor).toEqual(byNumber.references);
  });

  it('pages across every organisation within a date range by cursor through the stored rows, one status or several', async () => {
    const from = iso(BASE + 10 * HOUR);
    const to = iso(BASE + 60 * HOUR);
    for (const statuses of [['Success'], ['Success', 'Pending']]) {
      const query = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&status=${statuses.join(',')}`;
      const stored = (await storedOf(null))
        .filter((row) => statuses.includes(row.status) && row.createdAt >= new Date(from) && row.createdAt < new Date(to))
        .map((row) => row.reference);
      const byCursor = await listAllByCursor(query, admin, 10);
      expect(new Set(stored.map((reference) => reference.slice(4, 8))).size, statuses.join()).toBeGreaterThan(1);
      expect(byCursor, statuses.join()).toEqual(stored);
      expect((await listAll(query, admin)).references, statuses.join()).toEqual(stored);
    }
  });

  it('lists and exports several statuses of one organisation, each status walked on its own, as stored', async () => {
    const from = iso(Date.parse('2026-10-01') + 300_000);
    for (const query of [
      `organisationId=${orgBig}&status=Success,Pending`,
      `organisationId=${orgBig}&status=Pending,Failed`,
      `organisationId=${orgBig}&status=Success,Pending&from=${encodeURIComponent(from)}`,
      // A term matching past the cap walks the same way (every stored row here holds it).
      `organisationId=${orgBig}&status=Success,Pending&search=broad`,
    ]) {
      const statuses = new URLSearchParams(query).get('status')!.split(',');
      const stored = (await storedOf(orgBig))
        .filter((row) => statuses.includes(row.status) && (!query.includes('from=') || row.createdAt >= new Date(from)))
        .map((row) => row.reference);
      expect(stored.length, query).toBeGreaterThan(1000);
      expect(await listAllByCursor(query, admin, 100), query).toEqual(stored);
      const byNumber = await listAll(query, admin);
      expect(byNumber.references, query).toEqual(stored);
      // Statuses alone take their total from the roll-ups; a range that does not start on a UTC midnight counts,
      // and so does a term.
      const counted = query.includes('from=') || query.includes('search=');
      expect({ total: byNumber.first.total, capped: byNumber.first.totalCapped }, query).toEqual(
        counted ? { total: 1000, capped: true } : { total: stored.length, capped: false },
      );
      // Past one batch of the export (500 rows), by keyset within each status.
      const exported = parseCsv((await call('GET', `/api/payments/export.csv?${query}`, admin)).body).slice(1);
      expect(
        exported.map((row) => row[0]),
        query,
      ).toEqual(stored);
    }
  });

  it('offers no next cursor after the last page, even when that page is full', async () => {
    const query = `organisationId=${orgBig}&search=broad&status=Pending`;
    const pages: Page[] = [];
    let after: string | null = null;
    do {
      const page: Page = body<Page>(
        await call('GET', `/api/payments?${query}&pageSize=50${after ? `&after=${encodeURIComponent(after)}` : ''}`, admin),
      );
      pages.push(page);
      after = page.next;
    } while (after && pages.length < 40);
    // 1,250 matches: 25 full pages of 50, and no empty 26th one offered.
    expect(pages.map((page) => page.items.length)).toEqual(Array.from({ length: 25 }, () => 50));
    expect(pages.at(-1)?.next).toBeNull();
    const lastByNumber = body<Page>(await call('GET', `/api/payments?${query}&pageSize=50&page=25`, admin));
    expect({ items: lastByNumber.items.length, next: lastByNumber.next }).toEqual({ items: 50, next: null });
  });
});

describe('GET /api/payments/export.csv', () => {
  it("writes the list's rows as CSV: BOM, header, major units with the currency, ISO times, formulas neutralised", async () => {
    const query = `status=Success,Pending&from=${iso(BASE)}`;
    const response = await call('GET', `/api/payments/export.csv?${query}`, orgadminA);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="payments-${codeA}-${iso(BASE).slice(0, 10)}-${t.clock.now().toISOString().slice(0, 10)}.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.startsWith(CSV_BOM)).toBe(true);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...EXPORT_HEADER]);
    const listed = [] as Listed[];
    for (let page = 1; listed.length % 100 === 0; page++) {
      const items = body<Page>(await call('GET', `/api/payments?${query}&pageSize=100&page=${page}`, orgadminA)).items;
      listed.push(...items);
      if (items.length === 0) break;
    }
    expect(rows).toHaveLength(listed.length);
    const neutralised = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
    expect(rows).toEqual(
      listed.map((item) => [
        item.id,
        item.receiptNumber ?? '',
        item.createdAt,
        item.paidAt ?? '',
        item.status,
        item.amount,
        item.currency,
        item.currency === 'XOF' ? '0' : '0.00',
        '',
        neutralised(item.customerName),
        item.customerEmail,
        '',
        `Order ${Number(item.id.slice(9))}`,
        '',
        '',
        codeA,
      ]),
    );
    const cells = rows.map((row) => row[9]);
    expect(cells).toContain(`'=HYPERLINK("http://evil.test","Click")`);
    expect(cells).toContain("'+233 Caller");
    expect(cells).toContain("'-2+3");
    expect(cells).toContain("'@SUM(A1:A2)");
    expect(cells).toContain("'\tTabbed Name");
    expect(cells).toContain('Ẹ̀sí "Quoted", Boateng ₵');
    expect(rows.find((row) => row[6] === 'XOF')?.[5]).toMatch(/^\d+$/);
    expect(rows.find((row) => row[6] === 'GHS')?.[5]).toMatch(/^\d+\.\d\d$/);
  });

  it('exports every matching row past one batch, for a superadmin across organisations, and by API token', async () => {
    const big = parseCsv((await call('GET', `/api/payments/export.csv?organisationId=${orgBig}`, admin)).body).slice(1);
    expect(big).toHaveLength(2500);
    expect(big[0]?.[0]).toBe('PAY-BIG0000000002500');
    expect(big.at(-1)?.[0]).toBe('PAY-BIG0000000000001');
    expect(new Set(big.map((row) => row[0])).size).toBe(2500);
    const everything = await call('GET', '/api/payments/export.csv?search=kofi', admin);
    expect(everything.headers['content-disposition']).toMatch(/^attachment; filename="payments-all-start-\d{4}-\d\d-\d\d\.csv"$/);
    expect(
      parseCsv(everything.body)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual((await storedOf(null)).filter((row) => matchesText(row.customerName, 'kofi')).map((row) => row.reference));
    const byToken = await call('GET', '/api/payments/export.csv?channel=gateway', apiTokenA);
    expect(byToken.statusCode).toBe(200);
    expect(
      parseCsv(byToken.body)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual((await storedOf(orgA)).filter((row) => row.processViaGateway).map((row) => row.reference));
    const empty = await call('GET', '/api/payments/export.csv?search=nobody-at-all', orgadminA);
    expect(parseCsv(empty.body)).toEqual([[...EXPORT_HEADER]]);
  });
});

describe('Cancelled and the refund states in the list and export', () => {
  let orgR: number;
  let orgadminR: string;
  /** [status, amount, refunded] per payment: every refund state, in both currencies, beside Cancelled payments. */
  const PLAN: [status: string, amountMinor: number, refundedMinor: number, currency: string][] = [
    ['Success', 1000, 0, 'GHS'],
    ['Success', 1000, 250, 'GHS'],
    ['Success', 1000, 1000, 'GHS'],
    ['Success', 2000, 1999, 'GHS'],
    ['Success', 5000, 5000, 'XOF'],
    ['Success', 5000, 100, 'XOF'],
    ['Cancelled', 700, 0, 'GHS'],
    ['Cancelled', 800, 0, 'XOF'],
    ['Pending', 900, 0, 'GHS'],
    ['Failed', 300, 0, 'GHS'],
  ];

  beforeAll(async () => {
    orgR = await createOrganisation(t.db, 'Refund List Co');
    await createUser(t.db, { email: 'r@list.test', orgId: orgR });
    orgadminR = await signIn(t.app, 'r@list.test');
    await t.db.insert(payments).values(
      PLAN.map(([status, amountMinor, refundedMinor, currency], i) => {
        const createdAt = new Date(BASE + i * HOUR);
        return {
          reference: `PAY-RFND${String(i).padStart(12, '0')}`,
          orgId: orgR,
          amountMinor,
          refundedMinor,
          currency,
          status,
          customerName: `Refund Customer ${i}`,
          customerEmail: `refund${i}@example.test`,
          description: `Refund case ${i}`,
          receiptNumber: status === 'Success' ? `RF-${i}` : null,
          paidAt: status === 'Success' ? createdAt : null,
          cancelledAt: status === 'Cancelled' ? createdAt : null,
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
    await rebuildRollups(t.db);
  });

  it('filters by status Cancelled and by refund state, counting the total by reading the rows', async () => {
    const stored = await storedOf(orgR);
    const state = (row: Row) => (row.refundedMinor <= 0 ? null : row.refundedMinor >= row.amountMinor ? 'full' : 'partial');
    const cases: [query: string, matches: (row: Row) => boolean][] = [
      ['status=Cancelled', (row) => row.status === 'Cancelled'],
      ['status=Cancelled,Pending', (row) => row.status === 'Cancelled' || row.status === 'Pending'],
      ['refund=any', (row) => state(row) !== null],
      ['refund=partial', (row) => state(row) === 'partial'],
      ['refund=full', (row) => state(row) === 'full'],
      ['refund=full&currency=GHS', (row) => state(row) === 'full' && row.currency === 'GHS'],
      ['refund=partial&status=Success&currency=XOF', (row) => state(row) === 'partial' && row.currency === 'XOF'],
      ['refund=any&status=Cancelled', () => false],
      [`refund=partial&from=${iso(BASE)}&to=${iso(BASE + 86_400_000)}`, (row) => state(row) === 'partial'],
    ];
    for (const [query, matches] of cases) {
      const expected = stored.filter(matches).map((row) => row.reference);
      const { references, first } = await listAll(query, orgadminR);
      expect(references, query).toEqual(expected);
      expect(first.total, query).toBe(expected.length);
      const exported = parseCsv((await call('GET', `/api/payments/export.csv?${query}`, orgadminR)).body).slice(1);
      expect(
        exported.map((row) => row[0]),
        query,
      ).toEqual(expected);
    }
  });

  it('exports the refunded amount in major units and the refund state', async () => {
    const exported = parseCsv((await call('GET', '/api/payments/export.csv?status=Success', orgadminR)).body);
    const [header, ...rows] = exported;
    expect(header?.slice(4, 9)).toEqual(['Status', 'Amount', 'Currency', 'Refunded amount', 'Refund state']);
    expect(rows.map((row) => row.slice(4, 9)).reverse()).toEqual([
      ['Success', '10.00', 'GHS', '0.00', ''],
      ['Success', '10.00', 'GHS', '2.50', 'Partially refunded'],
      ['Success', '10.00', 'GHS', '10.00', 'Refunded'],
      ['Success', '20.00', 'GHS', '19.99', 'Partially refunded'],
      ['Success', '5000', 'XOF', '5000', 'Refunded'],
      ['Success', '5000', 'XOF', '100', 'Partially refunded'],
    ]);
  });

  it('refuses an unknown refund state or status with a 400 that names it', async () => {
    const refund = await call('GET', '/api/payments?refund=some', orgadminR);
    expect(refund.statusCode).toBe(400);
    expect(body<{ message: string }>(refund).message).toBe('refund "some" is not one of partial, full, any.');
    const status = await call('GET', '/api/payments/export.csv?status=Refunded', orgadminR);
    expect(status.statusCode).toBe(400);
    expect(body<{ message: string }>(status).message).toBe(
      'status "Refunded" is not one of Pending, Success, Failed, Cancelled (several: status=Failed,Pending).',
    );
  });
});

describe('the indexes a newest-first walk can read', () => {
  it("leaves one organisation's walks no index of every organisation's payments by creation time", async () => {
    // An index led by created_at would let the planner walk every organisation's newest payments for one of them
    // whenever its statistics missed another's burst of new ones (docs/performance.md, "Finding payments").
    const ledByCreatedAt = await queryRows<{ name: string }>(
      t.db,
      sql`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
          where i.indrelid = 'payments'::regclass and a.attname = 'created_at'`,
    );
    expect(ledByCreatedAt).toEqual([]);
  });

  /** The plan of `statement` when no sequential scan or sort can be chosen where an index serves. */
  const indexPlanOf = (statement: string) =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const lines = await queryRows<Record<string, string>>(tx, sql.raw(`explain ${statement}`));
      return lines.map((line) => Object.values(line).join('')).join('\n');
    });

  it('walks every organisation newest first through the UTC creation-time index the list statements name', async () => {
    const plan = await indexPlanOf(`select p.id from payments p order by ${CREATED_UTC_SQL} desc, p.id desc limit 10`);
    expect(plan).toContain('payments_created_utc_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("walks one status of one organisation through an index of that status alone, not past the others' rows", async () => {
    const plan = await indexPlanOf(
      `select p.id from payments p where p.org_id = ${orgBig} and p.status = 'Pending' order by p.created_at desc, p.id desc limit 10`,
    );
    expect(plan).toContain('payments_org_status_created_idx');
    expect(plan).not.toMatch(/\bSort\b|Filter/);
  });

  it('walks several statuses, in one organisation or every one, each through its own index, merged in order', async () => {
    for (const orgId of [orgBig, null]) {
      const params = new StatementParams();
      const { source } = eachStatusWalk(orgId, { statuses: ['Failed', 'Success'] }, params, undefined, '10');
      // EXPLAIN takes no parameters: the walk's values written in place (numbers and status names).
      const statement = `select p.id from ${source} order by ${EACH_STATUS_NEWEST_FIRST} limit 10`.replace(
        /\$(\d+)/g,
        (_, index: string) => {
          const value = params.values[Number(index) - 1];
          return typeof value === 'number' ? String(value) : `'${String(value)}'`;
        },
      );
      const plan = await indexPlanOf(statement);
      expect(plan, String(orgId)).toContain('Merge Append');
      expect(plan, String(orgId)).toContain(orgId === null ? 'payments_status_created_idx' : 'payments_org_status_created_idx');
      // No Sort node (the Merge Append's own "Sort Key" says what order it keeps) and no row read and dropped.
      expect(plan, String(orgId)).not.toMatch(/\bSort\b(?! Key)|Filter/);
    }
  });
});
