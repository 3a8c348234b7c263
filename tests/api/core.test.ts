import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogs } from '../../server/db/schema.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { testEngine } from '../helpers/database.ts';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(os.tmpdir(), 'payrail-dist-'));
  mkdirSync(path.join(distDir, 'login'));
  mkdirSync(path.join(distDir, 'reset-password'));
  mkdirSync(path.join(distDir, 'dashboard', 'payments', 'detail'), { recursive: true });
  mkdirSync(path.join(distDir, '_astro'));
  writeFileSync(path.join(distDir, 'login', 'index.html'), '<html><body>login<script type="module">console.log(1)</script></body></html>');
  writeFileSync(path.join(distDir, 'reset-password', 'index.html'), '<html><body>reset</body></html>');
  writeFileSync(path.join(distDir, 'dashboard', 'payments', 'detail', 'index.html'), '<html><body>payment detail</body></html>');
  writeFileSync(path.join(distDir, '_astro', 'app.abc123.js'), 'export const a = 1;');
  t = await buildTestApp({ consoleDir: distDir });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ status: 'ok', database: 'ok', engine: testEngine });
  });
});

describe('errors and limits', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(body(response)).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route GET /api/nope not found.' });
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(body(response)['message']).toBe('The request body is too large (at most 1 MiB).');
  });

  it('sets security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('console pages', () => {
  it('serves pages with a CSP that allows exactly their inline scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('login');
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  });

  it('serves the reset page for any /reset-password/{token}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/reset-password/abcDEF_123-x' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('reset');
  });

  it('serves the payment detail page for any /dashboard/payments/{reference}', async () => {
    for (const url of ['/dashboard/payments/PAY-0A1B2C3D4E5F6G7H', '/dashboard/payments/PAY-0A1B2C3D4E5F6G7H/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('payment detail');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/_astro/app.abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('redirects any other path to /login', async () => {
    for (const url of ['/', '/whatever', '/dashboard/not-a-page', '/reset-password/bad token', '/dashboard/payments/a/b']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers['location']).toBe('/login');
    }
  });
});

describe('API request log', () => {
  it('records requests in batches without query strings', async () => {
    const orgId = await createOrganisation(t.db);
    await createUser(t.db, { email: 'logger@acme.test', orgId });
    const token = await signIn(t.app, 'logger@acme.test');
    // Refused reads: always recorded (successful reads are sampled; request-log-policy.test.ts).
    await t.app.inject({ method: 'GET', url: '/api/logs/api', headers: { authorization: `Bearer ${token}` } });
    await t.app.inject({ method: 'GET', url: '/api/no-such-page?secret=abc', headers: { authorization: `Bearer ${token}` } });
    await t.app.apiLogs.flush();
    const rows = await t.db.select().from(apiLogs);
    const refused = rows.find((row) => row.endpoint === '/api/logs/api');
    expect(refused).toMatchObject({ method: 'GET', statusCode: 403, orgId });
    expect(rows.find((row) => row.endpoint === '/api/no-such-page')).toMatchObject({ method: 'GET', statusCode: 404 });
    expect(rows.some((row) => row.endpoint.includes('secret'))).toBe(false);
    expect(rows.some((row) => row.endpoint === '/api/health')).toBe(false);
  });
});

describe('GET /api/openapi.json', () => {
  it('documents every API route with a response schema for each status', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = body<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>(response);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/login',
        '/api/auth/forgot-password',
        '/api/auth/reset-password',
        '/api/users/me',
        '/api/users/me/profile',
        '/api/users/change-password',
      ]),
    );
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(Object.keys(operation.responses).length, `${method} ${route}`).toBeGreaterThan(1);
      }
    }
  });
});
