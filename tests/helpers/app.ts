import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app.ts';
import type { Database, DatabaseHandle } from '../../server/db/client.ts';
import { seedReferenceData } from '../../server/db/reference-data.ts';
import { seedProviders } from '../../server/db/provider-catalogue.ts';
import { createOrganisation as createOrganisationService } from '../../server/services/organisations/organisations-service.ts';
import { hashPassword, type PasswordCost } from '../../server/services/auth/passwords.ts';
import type { Role } from '../../server/services/auth/tokens.ts';
import { insertUser } from '../../server/services/users/users-repository.ts';
import { ManualClock } from './clock.ts';
import { createTestDatabase } from './database.ts';
import { freePort } from './net.ts';

export const TEST_JWT_SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-0123456789');
export const TEST_PUBLIC_URL = 'http://payrail.test';
export const TEST_DATA_KEY = Buffer.alloc(32, 7);
/**
 * The scrypt cost of the accounts tests make up: a hundredth of the production cost's time per sign-in. Passwords set
 * through the API, and tests/unit/server/services/auth/passwords.test.ts, use the production cost.
 */
export const TEST_PASSWORD_COST: PasswordCost = { N: 2 ** 10, r: 8, p: 1 };

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: Database;
  clock: ManualClock;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database with a manual clock and a silent logger. */
export async function buildTestApp(overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedReferenceData(database.db);
  await seedProviders(database.db, TEST_PUBLIC_URL);
  const clock = new ManualClock();
  const app = await buildApp({
    database,
    jwtSecret: TEST_JWT_SECRET,
    dataKey: TEST_DATA_KEY,
    publicUrl: TEST_PUBLIC_URL,
    clock,
    logger: false,
    authRateLimitPerMinute: 1000,
    ...overrides,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A test app listening on a free loopback port, that address its PUBLIC_URL, for tests that call it over HTTP. */
export async function buildListeningTestApp(overrides: Partial<AppOptions> = {}): Promise<TestApp & { publicUrl: string }> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const listening = await buildTestApp({ publicUrl, ...overrides });
  await listening.app.listen({ port, host: '127.0.0.1' });
  return { ...listening, publicUrl };
}

let organisationCounter = 0;
/** Creates an organisation (Ghana, GHS) through the service and returns its id. */
export async function createOrganisation(db: Database, name = `Org ${++organisationCounter}`): Promise<number> {
  organisationCounter++;
  const organisation = await createOrganisationService(
    { db, clock: new ManualClock(), dataKey: TEST_DATA_KEY },
    { name, code: `ORG${organisationCounter}`, email: `contact${organisationCounter}@example.com`, country: 'GH', currencies: ['GHS'] },
  );
  return organisation.id;
}

/** Inserts a user with a known password (hashed at TEST_PASSWORD_COST). */
export async function createUser(
  db: Database,
  user: { email: string; password?: string; role?: Role; orgId?: number | null; name?: string },
): Promise<number> {
  return insertUser(db, {
    name: user.name ?? user.email.split('@')[0] ?? 'User',
    email: user.email,
    role: user.role ?? 'orgadmin',
    orgId: user.orgId ?? null,
    passwordHash: await hashPassword(user.password ?? 'correct horse battery', TEST_PASSWORD_COST),
  });
}

/** Signs in through the API and returns the bearer token. */
export async function signIn(app: FastifyInstance, email: string, password = 'correct horse battery'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

/** The parsed JSON body of an injected response. */
export function body<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json();
}
