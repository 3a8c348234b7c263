import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banks } from '../../server/db/schema.ts';
import { sealPlaintextBankCredentials, bankApiConfig } from '../../server/services/banks/banks-service.ts';
import { open } from '../../server/services/crypto/secret-box.ts';
import { TEST_DATA_KEY, body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { apiCaller } from '../helpers/request.ts';

// A bank's API key lives in its apiConfig `settings` (and sometimes as a literal auth value): sealed at rest,
// masked in every answer and log line, and kept when the console saves the masked config back.
const API_KEY = 'bank_live_key_0123456789';
const MERCHANT_ID = 'MERCHANT-7788';
const ROTATED_KEY = 'bank_rotated_key_99998888';
const LITERAL_TOKEN = 'literal-bearer-token-abcdefgh';

let t: TestApp;
let bankApi: WebhookReceiver;
let orgadmin: string;
let admin: string;
const logLines: string[] = [];

const bankConfig = (settings: Record<string, string> = { apiKey: API_KEY, merchantId: MERCHANT_ID }) => ({
  baseUrl: bankApi.origin,
  settings,
  auth: { type: 'header', headerName: 'X-Api-Key', value: '{secrets.config.apiKey}' },
  webhook: { reference: 'reference', allowUnsigned: true },
  init: {
    method: 'POST',
    url: '/sessions',
    payload: { merchantId: '{secrets.config.merchantId}', reference: '{reference}' },
    response: { providerReference: 'id', checkoutUrl: 'checkoutUrl' },
  },
  verify: { method: 'GET', url: '/sessions/{reference}', response: { status: 'status' } },
});

beforeAll(async () => {
  bankApi = await startWebhookReceiver();
  bankApi.respond(() => ({ body: JSON.stringify({ id: 'S-1', checkoutUrl: 'https://bank.example/pay/S-1' }) }));
  t = await buildTestApp({
    allowPrivateTargets: true,
    logger: { level: 'trace', stream: { write: (line) => void logLines.push(line) } },
  });
  const orgId = await createOrganisation(t.db, 'Bank Credentials Co');
  await createUser(t.db, { email: 'desk@bank-credentials.test', orgId });
  await createUser(t.db, { email: 'root@bank-credentials.test', role: 'superadmin' });
  orgadmin = await signIn(t.app, 'desk@bank-credentials.test');
  admin = await signIn(t.app, 'root@bank-credentials.test');
});
afterAll(async () => {
  await t.close();
  await bankApi.close();
});

const call = apiCaller(() => t.app);

type BankBody = { id: number; name: string; apiConfig: { settings?: Record<string, string>; auth?: Record<string, string> } };
const ownBanks = '/api/organisations/my-organisation/banks';
const storedRow = async (id: number) => (await t.db.select().from(banks).where(eq(banks.id, id)))[0];
const sealedCredentials = async (id: number) => JSON.parse(open(TEST_DATA_KEY, (await storedRow(id))?.credentialsSealed ?? '')) as unknown;

let bankId: number;

describe('bank credentials', () => {
  it('are sealed in the bank row and answered only as masked hints', async () => {
    const created = await call('POST', ownBanks, orgadmin, { code: 'KEYED', name: 'Keyed Bank', apiConfig: bankConfig() });
    expect(created.statusCode).toBe(201);
    bankId = body<BankBody>(created).id;
    expect(body<BankBody>(created).apiConfig.settings).toEqual({ apiKey: '••••6789', merchantId: '••••7788' });
    expect(body<BankBody>(created).apiConfig.auth).toMatchObject({ value: '{secrets.config.apiKey}' });
    expect(created.body).not.toContain(API_KEY);

    const row = await storedRow(bankId);
    expect(JSON.stringify(row?.apiConfig)).not.toContain(API_KEY);
    expect(JSON.stringify(row?.apiConfig)).not.toContain(MERCHANT_ID);
    expect(row?.credentialsSealed).toMatch(/^v1\./);
    expect(await sealedCredentials(bankId)).toEqual({ 'settings.apiKey': API_KEY, 'settings.merchantId': MERCHANT_ID });

    const listed = await call('GET', ownBanks, orgadmin);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(API_KEY);
    expect(body<BankBody[]>(listed)[0]?.apiConfig.settings).toEqual({ apiKey: '••••6789', merchantId: '••••7788' });
  });

  it('keep their stored values when the masked config is saved back, and reach the bank in its calls', async () => {
    const [shown] = body<BankBody[]>(await call('GET', ownBanks, orgadmin));
    const saved = await call('PATCH', `${ownBanks}/${bankId}`, orgadmin, { name: 'Keyed Bank Ltd', apiConfig: shown?.apiConfig });
    expect(saved.statusCode).toBe(200);
    expect(body<BankBody>(saved)).toMatchObject({ name: 'Keyed Bank Ltd', apiConfig: { settings: { apiKey: '••••6789' } } });
    expect(await sealedCredentials(bankId)).toEqual({ 'settings.apiKey': API_KEY, 'settings.merchantId': MERCHANT_ID });

    const payment = await call('POST', '/api/payments', orgadmin, {
      amount: '12.00',
      customerName: 'Efua Mensah',
      customerEmail: 'efua@example.com',
      description: 'Tuition',
      processViaGateway: true,
      isBankPayment: true,
    });
    expect(payment.statusCode).toBe(201);
    const reference = body<{ reference: string }>(payment).reference;
    const chosen = await call('POST', `/api/checkout/banks/${reference}/select`, null, { bankCode: 'KEYED' });
    expect(chosen.statusCode).toBe(200);
    const sent = bankApi.received.at(-1);
    expect(sent?.headers['x-api-key']).toBe(API_KEY);
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ merchantId: MERCHANT_ID, reference });
  });

  it('are replaced by a new value, and a masked value with nothing stored behind it is refused', async () => {
    const rotated = await call('PATCH', `${ownBanks}/${bankId}`, orgadmin, {
      apiConfig: bankConfig({ apiKey: ROTATED_KEY, merchantId: '••••7788' }),
    });
    expect(rotated.statusCode).toBe(200);
    expect(body<BankBody>(rotated).apiConfig.settings).toEqual({ apiKey: '••••8888', merchantId: '••••7788' });
    expect(await sealedCredentials(bankId)).toEqual({ 'settings.apiKey': ROTATED_KEY, 'settings.merchantId': MERCHANT_ID });

    const unknown = await call('PATCH', `${ownBanks}/${bankId}`, orgadmin, {
      apiConfig: bankConfig({ apiKey: '••••8888', merchantId: '••••7788', branch: '••••0000' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown)['message']).toBe(
      'API config settings.branch is a masked value with nothing stored behind it: enter the value itself.',
    );
    expect(await sealedCredentials(bankId)).toEqual({ 'settings.apiKey': ROTATED_KEY, 'settings.merchantId': MERCHANT_ID });
  });

  it('include a literal auth value', async () => {
    const config = { ...bankConfig({ merchantId: MERCHANT_ID }), auth: { type: 'bearer', token: LITERAL_TOKEN } };
    const created = await call('POST', '/api/banks', admin, { code: 'LITERAL', name: 'Literal Bank', apiConfig: config });
    expect(created.statusCode).toBe(201);
    expect(body<BankBody>(created).apiConfig.auth).toEqual({ type: 'bearer', token: '••••efgh' });
    expect(created.body).not.toContain(LITERAL_TOKEN);
    const id = body<BankBody>(created).id;
    expect(JSON.stringify((await storedRow(id))?.apiConfig)).not.toContain(LITERAL_TOKEN);
    expect(await sealedCredentials(id)).toEqual({ 'settings.merchantId': MERCHANT_ID, 'auth.token': LITERAL_TOKEN });
    expect((await call('GET', '/api/banks', admin)).body).not.toContain(LITERAL_TOKEN);
  });

  it('stored in clear before are sealed once at start-up, and read the same before and after', async () => {
    const now = t.clock.now();
    const [legacy] = await t.db
      .insert(banks)
      .values({ orgId: null, code: 'LEGACY', name: 'Legacy Bank', apiConfig: bankConfig(), createdAt: now, updatedAt: now })
      .returning();
    if (!legacy) throw new Error('no legacy row');
    const listed = await call('GET', '/api/banks', admin);
    expect(listed.body).not.toContain(API_KEY);
    expect(body<BankBody[]>(listed).find((bank) => bank.id === legacy.id)?.apiConfig.settings).toMatchObject({ apiKey: '••••6789' });

    expect(await sealPlaintextBankCredentials(t.db, TEST_DATA_KEY)).toBe(1);
    expect(await sealPlaintextBankCredentials(t.db, TEST_DATA_KEY)).toBe(0);
    const sealed = await storedRow(legacy.id);
    expect(JSON.stringify(sealed?.apiConfig)).not.toContain(API_KEY);
    expect(await sealedCredentials(legacy.id)).toEqual({ 'settings.apiKey': API_KEY, 'settings.merchantId': MERCHANT_ID });
    if (!sealed) throw new Error('no sealed row');
    expect(bankApiConfig(sealed, TEST_DATA_KEY)).toEqual(bankApiConfig(legacy, TEST_DATA_KEY));
    expect(bankApiConfig(sealed, TEST_DATA_KEY).settings).toEqual({ apiKey: API_KEY, merchantId: MERCHANT_ID });
  });

  it('never reach a log line, even when the database refuses the write', async () => {
    await t.db.execute(
      sql.raw(`create function refuse_bank_writes() returns trigger language plpgsql as $$
               begin raise exception 'bank writes are refused in this test'; end $$`),
    );
    await t.db.execute(
      sql.raw('create trigger refuse_bank_writes before insert or update on banks for each row execute function refuse_bank_writes()'),
    );
    try {
      const refused = await call('POST', ownBanks, orgadmin, { code: 'REFUSED', name: 'Refused Bank', apiConfig: bankConfig() });
      expect(refused.statusCode).toBe(500);
      expect(refused.body).not.toContain(API_KEY);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_bank_writes on banks'));
      await t.db.execute(sql.raw('drop function refuse_bank_writes()'));
    }
    const log = logLines.join('');
    expect(log).toContain('bank writes are refused in this test');
    for (const secret of [API_KEY, MERCHANT_ID, ROTATED_KEY, LITERAL_TOKEN]) expect(log).not.toContain(secret);
  });
});
