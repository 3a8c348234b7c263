import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationApiTokens, organisations } from '../../server/db/schema.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { apiCaller } from '../helpers/request.ts';

let t: TestApp;
let admin: string;
let orgadmin: string;
let ownOrgId: number;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { email: 'root@payrail.test', role: 'superadmin' });
  ownOrgId = await createOrganisation(t.db, 'Kumasi Traders');
  await createUser(t.db, { email: 'kwame@kumasi.test', orgId: ownOrgId });
  admin = await signIn(t.app, 'root@payrail.test');
  orgadmin = await signIn(t.app, 'kwame@kumasi.test');
});
afterAll(() => t.close());

const call = apiCaller(() => t.app);

const newOrganisation = {
  name: 'Accra Water Company',
  email: 'billing@accrawater.test',
  code: 'acw',
  country: 'Ghana',
  currencies: ['GHS', 'USD'],
};

describe('creating organisations', () => {
  it('creates one with an upper-cased code, the first currency as default, and an API token', async () => {
    const response = await call('POST', '/api/organisations', admin, newOrganisation);
    expect(response.statusCode).toBe(201);
    const created = body<{ id: number; apiToken: string }>(response);
    expect(created).toMatchObject({
      name: 'Accra Water Company',
      code: 'ACW',
      country: 'Ghana',
      countryCode: 'GH',
      currencies: ['GHS', 'USD'],
      defaultCurrency: 'GHS',
    });
    expect(created.apiToken).toMatch(/^prt_[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db.select().from(organisations).where(eq(organisations.id, created.id));
    const [storedToken] = await t.db.select().from(organisationApiTokens).where(eq(organisationApiTokens.orgId, created.id));
    // At rest the token is encrypted and hashed, never in clear.
    expect(storedToken?.tokenSealed).not.toContain(created.apiToken.slice(4));
    expect(storedToken?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.checkoutToken.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses bad input with a clear message and creates nothing', async () => {
    const count = async () => body<{ total: number }>(await call('GET', '/api/organisations', admin)).total;
    const before = await count();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...newOrganisation, code: 'ACW' }, 409, 'An organisation with code ACW already exists.'],
      [{ ...newOrganisation, code: 'NEW1', country: 'Atlantis' }, 400, 'Unknown country: Atlantis.'],
      [{ ...newOrganisation, code: 'NEW1', currencies: ['GHS', 'XYZ'] }, 400, 'Unknown currency: XYZ.'],
      [{ ...newOrganisation, code: 'NEW1', currencies: ['GHS', 'GHS'] }, 400, 'Currency GHS is listed more than once.'],
      [
        { ...newOrganisation, code: 'NEW1', defaultCurrency: 'EUR' },
        400,
        "The default currency EUR must be one of the organisation's currencies.",
      ],
      [{ ...newOrganisation, code: 'NEW1', email: 'not-an-email' }, 400, 'body.email must match format "email"'],
      [{ ...newOrganisation, code: 'NEW1', callbackUrl: 'ftp://x.test' }, 400, 'Callback URL must be an http(s) URL.'],
      [
        { ...newOrganisation, code: 'x' },
        400,
        'Organisation code must be 2–32 letters, digits, "-" or "_", starting with a letter or digit.',
      ],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call('POST', '/api/organisations', admin, payload);
      expect(response.statusCode, message).toBe(status);
      expect(body(response)['message']).toBe(message);
    }
    expect(await count()).toBe(before);
  });
});

describe('listing and editing', () => {
  it('pages and searches by name, code or e-mail', async () => {
    for (let i = 0; i < 12; i++)
      await call('POST', '/api/organisations', admin, { ...newOrganisation, name: `Tema Port ${i}`, code: `TEMA${i}` });
    const first = body<{ items: unknown[]; total: number }>(await call('GET', '/api/organisations?page=1&pageSize=10', admin));
    expect(first.items).toHaveLength(10);
    expect(first.total).toBe(14);
    const second = body<{ items: unknown[]; page: number }>(await call('GET', '/api/organisations?page=2&pageSize=10', admin));
    expect(second.items).toHaveLength(4);
    expect(second.page).toBe(2);
    const search = body<{ items: { name: string }[] }>(await call('GET', '/api/organisations?search=tema%20port%201', admin));
    expect(search.items.map((o) => o.name).sort()).toEqual(['Tema Port 1', 'Tema Port 10', 'Tema Port 11']);
    expect(body<{ total: number }>(await call('GET', '/api/organisations?search=kumasi', admin)).total).toBe(1);
    expect((await call('GET', '/api/organisations?pageSize=7', admin)).statusCode).toBe(400);
  });

  it('edits every field for a superadmin, currencies comma-separated', async () => {
    const response = await call('PATCH', `/api/organisations/${ownOrgId}`, admin, {
      name: 'Kumasi Traders Ltd',
      currencies: 'GHS, USD',
      defaultCurrency: 'USD',
      callbackUrl: 'https://kumasi.test/hooks',
      notifierUrl: 'https://kumasi.test/notify',
      addressLine1: '1 Prempeh II Street',
      city: 'Kumasi',
      taxId: 'C0001234567',
      registrationNumber: 'CS123456789',
      collectsGovernmentPayments: true,
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({
      name: 'Kumasi Traders Ltd',
      currencies: ['GHS', 'USD'],
      defaultCurrency: 'USD',
      callbackUrl: 'https://kumasi.test/hooks',
      city: 'Kumasi',
      collectsGovernmentPayments: true,
    });
  });

  it('lets the orgadmin read and change only the settings of its own organisation', async () => {
    const own = body<{ id: number; apiToken: string }>(await call('GET', '/api/organisations/my-organisation', orgadmin));
    expect(own.id).toBe(ownOrgId);
    expect(own.apiToken).toMatch(/^••••.{4}$/);
    const saved = await call('PATCH', '/api/organisations/my-organisation', orgadmin, {
      receiptTitle: 'Official Receipt',
      logoPosition: 'center',
      defaultCurrency: 'GHS',
    });
    expect(body(saved)).toMatchObject({ receiptTitle: 'Official Receipt', logoPosition: 'center', defaultCurrency: 'GHS' });
    const renamed = await call('PATCH', '/api/organisations/my-organisation', orgadmin, { name: 'Hijacked' });
    expect(renamed.statusCode).toBe(400);
    const outside = await call('PATCH', '/api/organisations/my-organisation', orgadmin, { defaultCurrency: 'EUR' });
    expect(outside.statusCode).toBe(400);
    expect(body(await call('GET', '/api/organisations/my-organisation', orgadmin))).toMatchObject({
      name: 'Kumasi Traders Ltd',
      defaultCurrency: 'GHS',
    });
  });
});

describe('deleting', () => {
  it('refuses an organisation that still has users, and deletes an empty one', async () => {
    const blocked = await call('DELETE', `/api/organisations/${ownOrgId}`, admin);
    expect(blocked.statusCode).toBe(409);
    expect(body(blocked)['message']).toBe('This organisation still has 1 user; delete them first.');
    const empty = body<{ id: number }>(await call('POST', '/api/organisations', admin, { ...newOrganisation, code: 'GONE' }));
    expect((await call('DELETE', `/api/organisations/${empty.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/organisations/${empty.id}`, admin)).statusCode).toBe(404);
  });
});
