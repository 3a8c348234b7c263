import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { organisationApiTokens } from '../../server/db/schema.ts';
import { USAGE_PRECISION_MS } from '../../server/services/organisations/api-token-usage.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { apiCaller } from '../helpers/request.ts';
import { waitFor } from '../helpers/wait-for.ts';

interface ListedToken {
  id: number;
  state: string;
  token: string | null;
  hint: string;
  createdBy: string | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
}
interface Rolled {
  token: string;
  items: ListedToken[];
}

const HOUR = 3_600_000;
const SECOND = 1_000;

let t: TestApp;
let admin: string;
let orgadmin: string;
let orgId: number;
let otherOrgId: number;
const call = apiCaller(() => t.app);

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { email: 'root@payrail.test', role: 'superadmin', name: 'Root Admin' });
  orgId = await createOrganisation(t.db, 'Tamale Tiles');
  otherOrgId = await createOrganisation(t.db, 'Ho Harbour');
  await createUser(t.db, { email: 'abena@tamale.test', orgId, name: 'Abena Mensah' });
});
// The tests move the clock by days: sessions (12 h) are signed in afresh for each.
beforeEach(async () => {
  admin = await signIn(t.app, 'root@payrail.test');
  orgadmin = await signIn(t.app, 'abena@tamale.test');
});
afterAll(() => t.close());

/** The status of an API-token call to the payments API. */
const statusWith = async (token: string) => (await call('GET', '/api/payments', token)).statusCode;
const currentToken = async (id = orgId) => body<{ apiToken: string }>(await call('GET', `/api/organisations/${id}`, admin)).apiToken;
const roll = async (graceHours?: number, token = orgadmin, path = '/api/organisations/my-organisation/api-token/rotate') => {
  const response = await call('POST', path, token, graceHours === undefined ? {} : { graceHours });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return body<Rolled>(response);
};

describe('rolling an API token', () => {
  it('keeps the old token working for exactly the grace period (default 24 h), by the clock', async () => {
    const old = await currentToken();
    expect(await statusWith(old)).toBe(200);
    const rolled = await roll();
    expect(rolled.token).toMatch(/^prt_[A-Za-z0-9_-]{43}$/);
    expect(rolled.token).not.toBe(old);
    expect(await statusWith(rolled.token)).toBe(200);

    t.clock.advance(24 * HOUR - SECOND);
    expect(await statusWith(old)).toBe(200);
    t.clock.advance(2 * SECOND);
    const refused = await call('GET', '/api/payments', old);
    expect(refused.statusCode).toBe(401);
    expect(body(refused)['message']).toBe('This API token is not valid.');
    expect(await statusWith(rolled.token)).toBe(200);
  });

  it('refuses the old token at once with grace 0, and shuts out every earlier rolled token too', async () => {
    const beforeLast = await currentToken();
    const inGrace = await roll(48);
    expect(await statusWith(beforeLast)).toBe(200);
    const last = inGrace.token;
    const revoked = await roll(0);
    expect(await statusWith(last)).toBe(401);
    expect(await statusWith(beforeLast)).toBe(401);
    expect(await statusWith(revoked.token)).toBe(200);
  });

  it('never lengthens a rolled token: a longer grace later keeps the earlier expiry', async () => {
    const first = await currentToken();
    await roll(1);
    await roll(720);
    t.clock.advance(HOUR + SECOND);
    expect(await statusWith(first)).toBe(401);
  });

  it('shows the new token in full once; afterwards the organisation sees it masked and a superadmin in full', async () => {
    const rolled = await roll(1);
    const [current, previous] = rolled.items;
    expect(current).toMatchObject({
      state: 'current',
      token: null,
      hint: `••••${rolled.token.slice(-4)}`,
      createdBy: 'Abena Mensah',
      expiresAt: null,
    });
    expect(previous).toMatchObject({ state: 'expiring', token: null });
    const own = body<{ apiToken: string }>(await call('GET', '/api/organisations/my-organisation', orgadmin));
    expect(own.apiToken).toBe(`••••${rolled.token.slice(-4)}`);
    expect(await currentToken()).toBe(rolled.token);

    const listed = body<{ items: ListedToken[] }>(await call('GET', `/api/organisations/${orgId}/api-tokens`, admin)).items;
    expect(listed[0]).toMatchObject({ state: 'current', token: rolled.token });
    // Nobody reads a rolled token: the list never carries it, and the database keeps only its hash.
    expect(listed.slice(1).every((item) => item.token === null && item.state !== 'current')).toBe(true);
    const stored = await t.db.select().from(organisationApiTokens).where(eq(organisationApiTokens.orgId, orgId));
    expect(stored.filter((row) => row.tokenSealed !== null)).toHaveLength(1);
    expect(stored.filter((row) => row.expiresAt === null)).toHaveLength(1);
  });

  it('lets a superadmin roll any organisation, and lists expired tokens as expired', async () => {
    const old = await currentToken(otherOrgId);
    const rolled = await roll(0, admin, `/api/organisations/${otherOrgId}/api-token/rotate`);
    expect(rolled.items[0]).toMatchObject({ state: 'current', token: rolled.token, createdBy: 'Root Admin' });
    expect(rolled.items[1]).toMatchObject({ state: 'expired', token: null, hint: `••••${old.slice(-4)}` });
    expect(await statusWith(old)).toBe(401);
    expect(await currentToken(otherOrgId)).toBe(rolled.token);
  });

  it('refuses bad input and other organisations, changing nothing', async () => {
    const before = await currentToken();
    const cases: [string, string, unknown, number][] = [
      ['/api/organisations/my-organisation/api-token/rotate', orgadmin, { graceHours: 721 }, 400],
      ['/api/organisations/my-organisation/api-token/rotate', orgadmin, { graceHours: -1 }, 400],
      ['/api/organisations/my-organisation/api-token/rotate', orgadmin, { graceHours: 1.5 }, 400],
      ['/api/organisations/my-organisation/api-token/rotate', orgadmin, { graceHours: 'soon' }, 400],
      ['/api/organisations/my-organisation/api-token/rotate', orgadmin, { graceHours: 1, revoke: true }, 400],
      [`/api/organisations/${orgId}/api-token/rotate`, orgadmin, {}, 403],
      [`/api/organisations/${otherOrgId}/api-token/rotate`, orgadmin, {}, 403],
      ['/api/organisations/999999/api-token/rotate', admin, {}, 404],
      ['/api/organisations/my-organisation/api-token/rotate', admin, {}, 404],
      ['/api/organisations/my-organisation/api-token/rotate', before, {}, 401],
    ];
    for (const [url, token, payload, status] of cases) {
      const response = await call('POST', url, token, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(body(response)['message']).toEqual(expect.any(String));
    }
    expect(await currentToken()).toBe(before);
    expect(await statusWith(before)).toBe(200);
    expect((await call('GET', `/api/organisations/${otherOrgId}/api-tokens`, orgadmin)).statusCode).toBe(403);
    expect((await call('GET', '/api/organisations/999999/api-tokens', admin)).statusCode).toBe(404);
  });

  it('leaves exactly one current token after two rolls at once', async () => {
    const [a, b] = await Promise.all([roll(1), roll(1)]);
    const current = await currentToken();
    expect([a.token, b.token]).toContain(current);
    const stored = await t.db.select().from(organisationApiTokens).where(eq(organisationApiTokens.orgId, orgId));
    expect(stored.filter((row) => row.expiresAt === null)).toHaveLength(1);
  });
});

describe('last used', () => {
  const lastUsed = async (token: string) => {
    const items = body<{ items: ListedToken[] }>(await call('GET', '/api/organisations/my-organisation/api-tokens', orgadmin)).items;
    return items.find((item) => item.hint === `••••${token.slice(-4)}`)?.lastUsedAt ?? null;
  };

  it('is written on first use, then at most once a minute per token', async () => {
    const { token } = await roll(0);
    expect(await lastUsed(token)).toBeNull();
    const firstUse = t.clock.now().toISOString();
    await statusWith(token);
    await waitFor(async () => (await lastUsed(token)) === firstUse, 5_000, 'the first use to be recorded');

    t.clock.advance(USAGE_PRECISION_MS / 2);
    await Promise.all([statusWith(token), statusWith(token), statusWith(token)]);
    t.clock.advance(USAGE_PRECISION_MS / 2 + SECOND);
    const later = t.clock.now().toISOString();
    await statusWith(token);
    await waitFor(async () => (await lastUsed(token)) === later, 5_000, 'the later use to be recorded');
  });

  it('writes nothing for calls within the minute', async () => {
    const { token } = await roll(0);
    await statusWith(token);
    const firstUse = t.clock.now().toISOString();
    await waitFor(async () => (await lastUsed(token)) === firstUse, 5_000, 'the first use to be recorded');
    t.clock.advance(USAGE_PRECISION_MS - SECOND);
    for (let i = 0; i < 5; i++) await statusWith(token);
    // Give a stray write time to land before checking none did.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await lastUsed(token)).toBe(firstUse);
  });
});

describe('migration 0019', () => {
  let m: TestApp;
  afterAll(() => m.close());

  it("makes each organisation's one token its current token, working and readable as before", async () => {
    m = await buildTestApp();
    await createUser(m.db, { email: 'root@payrail.test', role: 'superadmin' });
    const id = await createOrganisation(m.db, 'Cape Coast Cocoa');
    const root = await signIn(m.app, 'root@payrail.test');
    const callM = apiCaller(() => m.app);
    const token = body<{ apiToken: string }>(await callM('GET', `/api/organisations/${id}`, root)).apiToken;
    // Back to the layout before 0019: the token in the organisation's own columns.
    await m.db.execute(sql`alter table organisations add column api_token_encrypted text, add column api_token_hash char(64)`);
    await m.db.execute(
      sql`update organisations o set api_token_encrypted = t.token_sealed, api_token_hash = t.token_hash
          from organisation_api_tokens t where t.org_id = o.id`,
    );
    await m.db.execute(sql`create unique index organisations_api_token_hash_unique on organisations (api_token_hash)`);
    await m.db.execute(sql`drop table organisation_api_tokens`);

    const migration = readFileSync(new URL('../../server/db/migrations/0019_organisation_api_tokens.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await m.db.execute(sql.raw(statement));

    expect((await callM('GET', '/api/payments', token)).statusCode).toBe(200);
    expect(body<{ apiToken: string }>(await callM('GET', `/api/organisations/${id}`, root)).apiToken).toBe(token);
    const listed = body<{ items: ListedToken[] }>(await callM('GET', `/api/organisations/${id}/api-tokens`, root)).items;
    expect(listed).toEqual([expect.objectContaining({ state: 'current', token, hint: `••••${token.slice(-4)}`, createdBy: null })]);
  });
});
