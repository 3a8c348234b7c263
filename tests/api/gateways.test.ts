import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../server/db/provider-catalogue.ts';
import { gateways } from '../../server/db/schema.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { apiCaller } from '../helpers/request.ts';

let t: TestApp;
let admin: string;
let orgadmin: string;
const paystack = CATALOGUE.find((entry) => entry.name === 'paystack')?.sampleConfig;
const xmlpay = CATALOGUE.find((entry) => entry.name === 'xmlpay')?.sampleConfig;

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

describe('provider catalogue', () => {
  it('is seeded with the sandbox and the Ghana PSPs, and constraints are keyed by name', async () => {
    const names = body<{ name: string }[]>(await call('GET', '/api/psp', admin)).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['sandbox', 'paystack', 'hubtel', 'xmlpay']));
    const constraints = body<Record<string, { required: string[]; optional: string[]; defaultBaseUrl: string }>>(
      await call('GET', '/api/gateways/providers/constraints', orgadmin),
    );
    expect(constraints['paystack']).toEqual({
      required: ['secretKey', 'publicKey', 'webhookSecret'],
      optional: ['baseUrl', 'sandbox'],
      defaultBaseUrl: 'https://api.paystack.co',
    });
    expect(constraints['sandbox']?.defaultBaseUrl).toBe('http://payrail.test/api/sandbox-psp');
  });

  it('adds and removes providers, refusing duplicates, the built-in sandbox and providers in use', async () => {
    const created = await call('POST', '/api/psp', admin, {
      name: 'MTN-Momo',
      displayName: 'MTN MoMo',
      constraintsRequired: ['secretKey'],
      successStatuses: ['SUCCESSFUL'],
    });
    expect(created.statusCode).toBe(201);
    expect(body(created)).toMatchObject({ name: 'mtn-momo', displayName: 'MTN MoMo', successStatuses: ['SUCCESSFUL'], builtIn: false });
    expect((await call('POST', '/api/psp', admin, { name: 'mtn-momo' })).statusCode).toBe(409);
    expect(body(await call('POST', '/api/psp', admin, { name: 'x', constraintsRequired: ['apiSecret'] }))['message']).toMatch(
      /Provider name must be|Unknown constraint/,
    );
    const sandbox = body<{ id: number; name: string }[]>(await call('GET', '/api/psp', admin)).find((p) => p.name === 'sandbox');
    expect(body(await call('DELETE', `/api/psp/${sandbox?.id}`, admin))['message']).toBe('The built-in Sandbox PSP cannot be removed.');
    expect((await call('DELETE', `/api/psp/${body<{ id: number }>(created).id}`, admin)).statusCode).toBe(200);
  });
});

describe('gateways', () => {
  it('creates a global gateway with sealed, write-only credentials', async () => {
    const response = await call('POST', '/api/gateways', admin, {
      name: 'Paystack GH',
      provider: 'paystack',
      publicKey: 'pk_live_1234abcd',
      secretKey: 'sk_live_5678efgh',
      webhookSecret: 'whsec_9999',
      priority: 2,
      config: paystack,
    });
    expect(response.statusCode).toBe(201);
    const gateway = body<{ id: number }>(response);
    expect(gateway).toMatchObject({
      provider: 'paystack',
      publicKey: '••••abcd',
      secretKey: '••••efgh',
      webhookSecret: '••••9999',
      hmacAlgo: 'sha256',
      priority: 2,
      enabled: true,
      orgId: null,
    });
    expect(response.body).not.toContain('sk_live_5678efgh');
    const [row] = await t.db.select().from(gateways).where(eq(gateways.id, gateway.id));
    expect(row?.secretKeySealed).not.toContain('sk_live');

    // Saving the form with the masks keeps the stored values; a new value replaces one.
    const saved = await call('PATCH', `/api/gateways/${gateway.id}`, admin, {
      secretKey: '••••efgh',
      publicKey: 'pk_live_new0',
      enabled: false,
    });
    expect(body(saved)).toMatchObject({ secretKey: '••••efgh', publicKey: '••••new0', enabled: false });
    const [after] = await t.db.select().from(gateways).where(eq(gateways.id, gateway.id));
    expect(after?.secretKeySealed).toBe(row?.secretKeySealed);
  });

  it('refuses broken input and saves nothing', async () => {
    const before = (await t.db.select().from(gateways)).length;
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ name: 'G', config: paystack }, 'Please select a payment provider.'],
      [{ name: 'G', provider: 'nope', config: paystack }, 'Unknown provider: nope.'],
      [{ name: 'G', provider: 'paystack' }, 'Please provide valid JSON in Config.'],
      [
        { name: 'G', provider: 'paystack', config: { ...paystack, init: undefined } },
        'Config is invalid: init is required, with method and url.',
      ],
      [
        { name: 'G', provider: 'paystack', config: { ...paystack, verify: { method: 'GET', url: '/verify' } } },
        /verify\.url must contain \{reference\}/,
      ],
      [
        { name: 'G', provider: 'paystack', config: { ...paystack, auth: { type: 'oauth' } } },
        /auth\.type must be bearer, basic, header or none\./,
      ],
      [
        { name: 'G', provider: 'paystack', config: { ...paystack, init: { ...paystack?.init, url: '/pay/{ref}' } } },
        /Unknown template token \{ref\}/,
      ],
      [{ name: 'G', provider: 'paystack', priority: 0, config: paystack }, 'Priority must be a whole number of at least 1.'],
      [{ name: 'G', provider: 'paystack', config: { ...paystack, baseUrl: 'http://169.254.169.254' } }, /private or loopback address/],
      [{ name: 'G', provider: 'paystack', baseUrl: 'http://localhost:8080', config: paystack }, /private or loopback address/],
      [{ name: 'G', provider: 'paystack', hmacAlgo: 'md5', config: paystack }, 'hmacAlgo must be sha256, sha1 or sha512.'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/api/gateways', admin, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(body<{ message: string }>(response).message).toMatch(message);
    }
    expect((await t.db.select().from(gateways)).length).toBe(before);
  });

  it("lets an orgadmin run its organisation's gateways, apart from the global ones", async () => {
    const created = await call('POST', '/api/organisations/my-organisation/gateways', orgadmin, {
      name: 'XML gateway',
      provider: 'xmlpay',
      secretKey: 'xml-secret',
      config: xmlpay,
    });
    expect(created.statusCode).toBe(201);
    const id = body<{ id: number }>(created).id;
    const own = body<{ name: string }[]>(await call('GET', '/api/organisations/my-organisation/gateways', orgadmin));
    expect(own.map((g) => g.name)).toEqual(['XML gateway']);
    expect(
      body(await call('PATCH', `/api/organisations/my-organisation/gateways/${id}`, orgadmin, { priority: 3, enabled: false })),
    ).toMatchObject({ priority: 3, enabled: false });
    expect((await call('DELETE', `/api/organisations/my-organisation/gateways/${id}`, orgadmin)).statusCode).toBe(200);
    expect(body<unknown[]>(await call('GET', '/api/organisations/my-organisation/gateways', orgadmin))).toEqual([]);
  });
});

describe('banks', () => {
  it('upper-cases and trims codes, unique within a scope but not across scopes', async () => {
    const created = await call('POST', '/api/banks', admin, { code: ' gcb ', name: '  GCB Bank ', apiConfig: paystack });
    expect(created.statusCode).toBe(201);
    expect(body(created)).toMatchObject({ code: 'GCB', name: 'GCB Bank', orgId: null, logoUrl: null });
    const duplicate = await call('POST', '/api/banks', admin, { code: 'GCB', name: 'Again', apiConfig: paystack });
    expect(duplicate.statusCode).toBe(409);
    expect(body(duplicate)['message']).toBe('A bank with code GCB already exists.');
    const orgBank = await call('POST', '/api/organisations/my-organisation/banks', orgadmin, {
      code: 'gcb',
      name: 'Our GCB',
      apiConfig: paystack,
      logoUrl: 'https://cdn.test/gcb.png',
    });
    expect(orgBank.statusCode).toBe(201);
    expect(body<{ code: string }[]>(await call('GET', '/api/organisations/my-organisation/banks', orgadmin)).map((b) => b.code)).toEqual([
      'GCB',
    ]);
    const edited = await call('PATCH', `/api/organisations/my-organisation/banks/${body<{ id: number }>(orgBank).id}`, orgadmin, {
      name: 'Our GCB Branch',
    });
    expect(body(edited)).toMatchObject({ name: 'Our GCB Branch', code: 'GCB' });
  });

  it('validates the API config like a gateway config', async () => {
    const response = await call('POST', '/api/banks', admin, { code: 'ECO', name: 'Ecobank', apiConfig: { baseUrl: 'https://eco.test' } });
    expect(response.statusCode).toBe(400);
    expect(body(response)['message']).toBe(
      'API config is invalid: init is required, with method and url. verify is required, with method and url (use {reference}).',
    );
    expect(body<unknown[]>(await call('GET', '/api/banks', admin)).length).toBe(1);
  });
});
