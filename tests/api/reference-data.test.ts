import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { apiCaller } from '../helpers/request.ts';

let t: TestApp;
let admin: string;
let orgadmin: string;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { email: 'root@payrail.test', role: 'superadmin' });
  const orgId = await createOrganisation(t.db);
  await createUser(t.db, { email: 'ama@acme.test', orgId });
  admin = await signIn(t.app, 'root@payrail.test');
  orgadmin = await signIn(t.app, 'ama@acme.test');
});
afterAll(() => t.close());

const call = apiCaller(() => t.app);

describe('countries', () => {
  it('are seeded West Africa first and paged 10 at a time by default', async () => {
    const first = body<{ items: { code: string }[]; total: number; page: number; pageSize: number }>(
      await call('GET', '/api/countries', orgadmin),
    );
    expect(first.pageSize).toBe(10);
    expect(first.items).toHaveLength(10);
    expect(first.total).toBeGreaterThanOrEqual(20);
    const all = body<{ items: { code: string; name: string }[] }>(await call('GET', '/api/countries?all=true', admin));
    expect(all.items.map((c) => c.code)).toEqual(expect.arrayContaining(['GH', 'NG', 'CI', 'SN', 'TG', 'BJ', 'US', 'GB']));
  });

  it('creates with an upper-cased code, edits, toggles and deletes', async () => {
    const created = await call('POST', '/api/countries', admin, { name: ' Kenya ', code: 'ke' });
    expect(created.statusCode).toBe(201);
    const kenya = body<{ id: number; name: string; code: string; enabled: boolean }>(created);
    expect(kenya).toMatchObject({ name: 'Kenya', code: 'KE', enabled: true });
    const toggled = await call('PATCH', `/api/countries/${kenya.id}`, admin, { enabled: false });
    expect(body(toggled)).toMatchObject({ code: 'KE', enabled: false });
    expect(body(await call('PATCH', `/api/countries/${kenya.id}`, admin, { name: 'Republic of Kenya' }))).toMatchObject({
      name: 'Republic of Kenya',
    });
    const enabledCodes = body<{ items: { code: string }[] }>(await call('GET', '/api/countries?all=true&enabled=true', admin)).items.map(
      (c) => c.code,
    );
    expect(enabledCodes).not.toContain('KE');
    expect((await call('DELETE', `/api/countries/${kenya.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/countries/${kenya.id}`, admin)).statusCode).toBe(404);
  });

  it('refuses a 3-letter code, a duplicate code and a missing name, changing nothing', async () => {
    const before = body<{ total: number }>(await call('GET', '/api/countries', admin)).total;
    const threeLetters = await call('POST', '/api/countries', admin, { name: 'Ghanaland', code: 'GHA' });
    expect(threeLetters.statusCode).toBe(400);
    expect(body(threeLetters)['message']).toBe('Country code must be exactly 2 letters (got "GHA").');
    const duplicate = await call('POST', '/api/countries', admin, { name: 'Ghana Two', code: 'gh' });
    expect(duplicate.statusCode).toBe(409);
    expect(body(duplicate)['message']).toBe('A country with this code already exists.');
    expect((await call('POST', '/api/countries', admin, { code: 'ZZ' })).statusCode).toBe(400);
    expect(body<{ total: number }>(await call('GET', '/api/countries', admin)).total).toBe(before);
  });

  it('refuses to delete a country organisations use', async () => {
    const ghana = body<{ items: { id: number; code: string }[] }>(await call('GET', '/api/countries?all=true', admin)).items.find(
      (c) => c.code === 'GH',
    );
    const response = await call('DELETE', `/api/countries/${ghana?.id}`, admin);
    expect(response.statusCode).toBe(409);
    expect(body(response)['message']).toMatch(/used by 1 organisation/);
  });

  it('lets only superadmins change countries', async () => {
    expect((await call('POST', '/api/countries', orgadmin, { name: 'Chad', code: 'TD' })).statusCode).toBe(403);
    expect((await call('PATCH', '/api/countries/1', orgadmin, { enabled: false })).statusCode).toBe(403);
    expect((await call('DELETE', '/api/countries/1', orgadmin)).statusCode).toBe(403);
  });
});

describe('currencies', () => {
  it('are seeded with GHS, the West African currencies and USD, EUR, GBP', async () => {
    const all = body<{ items: { code: string; baseUnit: number }[] }>(await call('GET', '/api/currencies?all=true', admin)).items;
    expect(all.map((c) => c.code)).toEqual(expect.arrayContaining(['GHS', 'NGN', 'XOF', 'USD', 'EUR', 'GBP']));
    expect(all.find((c) => c.code === 'XOF')?.baseUnit).toBe(1);
  });

  it('defaults the base unit to 100 and upper-cases the code', async () => {
    const created = await call('POST', '/api/currencies', admin, { name: 'Kenyan Shilling', code: 'kes' });
    expect(created.statusCode).toBe(201);
    const kes = body<{ id: number }>(created);
    expect(kes).toMatchObject({ code: 'KES', baseUnit: 100, enabled: true });
    expect(body(await call('PATCH', `/api/currencies/${kes.id}`, admin, { baseUnit: 1, enabled: false }))).toMatchObject({
      baseUnit: 1,
      enabled: false,
    });
    expect((await call('DELETE', `/api/currencies/${kes.id}`, admin)).statusCode).toBe(200);
  });

  it('refuses a non-integer or odd base unit, a bad code and duplicates', async () => {
    expect((await call('POST', '/api/currencies', admin, { name: 'X', code: 'XXA', baseUnit: 2.5 })).statusCode).toBe(400);
    const odd = await call('POST', '/api/currencies', admin, { name: 'X', code: 'XXA', baseUnit: 7 });
    expect(body(odd)['message']).toBe('Base unit must be one of 1, 10, 100, 1000, 10000 (minor units per major unit).');
    expect((await call('POST', '/api/currencies', admin, { name: 'X', code: 'XX', baseUnit: 100 })).statusCode).toBe(400);
    const duplicate = await call('POST', '/api/currencies', admin, { name: 'Cedi again', code: 'ghs' });
    expect(duplicate.statusCode).toBe(409);
    expect(body(duplicate)['message']).toBe('A currency with code GHS already exists.');
  });

  it('refuses to delete or recode a currency an organisation uses', async () => {
    const ghs = body<{ items: { id: number; code: string }[] }>(await call('GET', '/api/currencies?all=true', admin)).items.find(
      (c) => c.code === 'GHS',
    );
    expect((await call('DELETE', `/api/currencies/${ghs?.id}`, admin)).statusCode).toBe(409);
    expect((await call('PATCH', `/api/currencies/${ghs?.id}`, admin, { code: 'GHC' })).statusCode).toBe(409);
  });
});
