// Every operation of the app's own OpenAPI document, walked with malformed path parameters, query strings, headers
// and bodies (tests/helpers/openapi-fuzz.ts), as a superadmin, as an organisation admin and signed out. Bad input
// must always be a 4xx in the uniform error body, never a 5xx and never a hang. A route added later is walked too.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../server/db/provider-catalogue.ts';
import { createBank } from '../../server/services/banks/banks-service.ts';
import { createGateway } from '../../server/services/gateways/gateways-service.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, TEST_DATA_KEY, type TestApp } from '../helpers/app.ts';
import { fuzzCases, fuzzOperations, type FuzzBudget, type FuzzCase, type FuzzOperation } from '../helpers/openapi-fuzz.ts';

const SEED = 20_260_024;
const REQUEST_TIMEOUT_MS = 10_000;
const PARALLEL_REQUESTS = 4;
// Integer path parameters are sampled as their minimum (1): the fixtures below make id 1 exist for most resources.
const ABSENT_ID = 2_147_483_647;

type Json = Record<string, unknown>;

let t: TestApp;
let document: Json;
// Parsing and validation come before authentication, so signed out needs fewer cases; signed in reach the handlers.
const SIGNED_IN: FuzzBudget = { pathValues: 14, fieldValues: 3, rawBodies: 8, contentTypes: 8 };
const SIGNED_OUT: FuzzBudget = { pathValues: 6, fieldValues: 1, rawBodies: 4, contentTypes: 3 };
const identities: { name: string; authorization?: string; budget: FuzzBudget }[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    publicRateLimitPerMinute: 1_000_000,
    pspWebhookRateLimitPerMinute: 1_000_000,
    authRateLimitPerMinute: 1_000_000,
  });
  const orgId = await createOrganisation(t.db, 'Fuzz Org');
  // User 1 is a bystander the fuzzer may edit; the identities below are other users.
  await createUser(t.db, { email: 'bystander@fuzz.test', orgId });
  await createUser(t.db, { email: 'root@fuzz.test', role: 'superadmin' });
  await createUser(t.db, { email: 'admin@fuzz.test', orgId });
  const ctx = { db: t.db, clock: t.clock, dataKey: TEST_DATA_KEY, targets: { allowPrivate: false, trustedOrigins: [] } };
  const config = CATALOGUE[0]?.sampleConfig;
  await createGateway(ctx, orgId, { name: 'Fuzz gateway', provider: CATALOGUE[0]?.name ?? 'paystack', secretKey: 'sk_fuzz', config });
  await createBank(ctx, orgId, { code: 'FUZZ', name: 'Fuzz bank', apiConfig: config });
  const admin = await signIn(t.app, 'admin@fuzz.test');
  const headers = { authorization: `Bearer ${admin}` };
  await t.app.inject({ method: 'POST', url: '/api/receipt-batches', headers, payload: { prefix: 'F-' } });
  await t.app.inject({
    method: 'POST',
    url: '/api/payments',
    headers,
    payload: { amount: '5.00', customerName: 'Fuzz', description: 'Fuzz order' },
  });
  identities.push(
    { name: 'superadmin', authorization: `Bearer ${await signIn(t.app, 'root@fuzz.test')}`, budget: SIGNED_IN },
    { name: 'orgadmin', authorization: headers.authorization, budget: SIGNED_IN },
    { name: 'signed out', budget: SIGNED_OUT },
  );
  document = body<Json>(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
}, 120_000);

afterAll(async () => {
  await t.close();
});

function withTimeout<T>(promise: Promise<T>, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms: ${label}`)), REQUEST_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Whether the operation documents an HTML error page (customer-facing pages answer errors as pages). */
function declaresHtmlErrors(operation: Json): boolean {
  const responses = (operation['responses'] ?? {}) as Json;
  return Object.entries(responses).some(([status, response]) => /^4\d\d$/.test(status) && JSON.stringify(response).includes('text/html'));
}

/** What is wrong with an answer to a malformed request, or undefined. */
function problemWith(response: LightMyRequestResponse, operation: Json): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}: ${response.body.slice(0, 200)}`;
  if (status < 400) return undefined;
  const contentType = String(response.headers['content-type'] ?? '');
  if (contentType.startsWith('text/html') && declaresHtmlErrors(operation)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    return `answered ${status} with a body that is not JSON (${contentType}): ${response.body.slice(0, 120)}`;
  }
  const error = parsed as Json;
  const uniform =
    Object.keys(error).sort().join(',') === 'error,message,statusCode' &&
    error['statusCode'] === status &&
    typeof error['error'] === 'string' &&
    typeof error['message'] === 'string' &&
    error['message'] !== '';
  return uniform ? undefined : `answered ${status} without the uniform error body: ${response.body.slice(0, 200)}`;
}

async function runAll(cases: { request: FuzzCase; target: FuzzOperation; who: string }[]): Promise<string[]> {
  const problems: string[] = [];
  let index = 0;
  const worker = async () => {
    while (index < cases.length) {
      const { request, target, who } = cases[index++]!;
      const label = `${who}: ${request.label}`;
      try {
        const response = await withTimeout(
          t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          }),
          label,
        );
        const problem = problemWith(response, target.operation);
        if (problem) problems.push(`${label} ${problem}`);
      } catch (error) {
        problems.push(`${label} ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_REQUESTS }, worker));
  return problems;
}

describe('malformed requests to every operation of the OpenAPI document', () => {
  it('are answered with a 4xx in the uniform error body, never a 5xx or a hang', { timeout: 300_000 }, async () => {
    // Signing out takes no input but the token, and a well-formed call would end the identity the rest of the walk
    // needs: the 401 cases every operation gets already try it with bad tokens.
    const targets = fuzzOperations(document).filter((target) => !(target.method === 'post' && target.mountedPath === '/api/auth/logout'));
    expect(targets.length).toBeGreaterThan(100);
    const cases = identities.flatMap((identity, identityIndex) =>
      targets.flatMap((target, targetIndex) =>
        fuzzCases(target, document, { seed: SEED + identityIndex * 1_000 + targetIndex, budget: identity.budget, absentId: ABSENT_ID }).map(
          (request) => ({
            who: identity.name,
            target,
            request: identity.authorization
              ? { ...request, headers: { ...request.headers, authorization: identity.authorization } }
              : request,
          }),
        ),
      ),
    );
    const started = performance.now();
    const problems = await runAll(cases);
    console.info(
      `openapi fuzz: ${cases.length} requests over ${targets.length} operations in ${Math.round(performance.now() - started)} ms`,
    );
    expect(problems.slice(0, 40), `${problems.length} of ${cases.length} malformed requests answered badly`).toEqual([]);

    // The identities lasted the whole walk, so the signed-in cases reached the handlers.
    for (const identity of identities.filter((entry) => entry.authorization)) {
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: identity.authorization ?? '' } });
      expect(me.statusCode, identity.name).toBe(200);
    }
  });
});
