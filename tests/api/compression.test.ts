import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let distDir: string;
let token: string;

// A page and a script big enough to be worth compressing; the build's `.br`/`.gz` siblings exist for the script only
// (the server makes a page's copies at start-up when the build has none).
const PAGE = `<html><body><h1>Sign in</h1>${'<p>Payrail keeps payments moving.</p>'.repeat(60)}</body></html>`;
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, label: `row ${i}` })))};`;
const ROBOTS = 'User-agent: *\nDisallow: /dashboard\nDisallow: /api\nAllow: /\n';

beforeAll(async () => {
  distDir = mkdtempSync(path.join(os.tmpdir(), 'payrail-dist-'));
  mkdirSync(path.join(distDir, 'login'));
  mkdirSync(path.join(distDir, '_astro'));
  writeFileSync(path.join(distDir, 'login', 'index.html'), PAGE);
  writeFileSync(path.join(distDir, '_astro', 'client.abc123.js'), SCRIPT);
  writeFileSync(path.join(distDir, '_astro', 'client.abc123.js.gz'), gzipSync(SCRIPT));
  // The build's brotli copy is marked so the test can tell it was served rather than compressed on the fly.
  writeFileSync(path.join(distDir, '_astro', 'client.abc123.js.br'), 'prebuilt brotli bytes');
  writeFileSync(path.join(distDir, 'robots.txt'), ROBOTS);
  t = await buildTestApp({ consoleDir: distDir });
  await createUser(t.db, { email: 'super@compression.test', role: 'superadmin' });
  token = await signIn(t.app, 'super@compression.test');
}, 180_000);
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      ...(authorization === undefined ? {} : { authorization }),
    },
  });

describe('hashed console assets', () => {
  it('are sent as the build made them: brotli when accepted, else gzip, else raw, always varying on Accept-Encoding', async () => {
    const br = await get('/_astro/client.abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.toString()).toBe('prebuilt brotli bytes');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);

    const gzip = await get('/_astro/client.abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const identity = await get('/_astro/client.abc123.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(SCRIPT);
    expect(identity.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('are cached for a year as immutable', async () => {
    const response = await get('/_astro/client.abc123.js', 'br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('console pages', () => {
  it('are compressed as the request accepts and revalidated on every visit, never immutable', async () => {
    const br = await get('/login', 'br;q=1, gzip;q=0.5');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['content-security-policy']).toContain("default-src 'self'");

    const gzip = await get('/login', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(PAGE);

    const identity = await get('/login', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(PAGE);
  });
});

describe('API answers', () => {
  it('are compressed when large, as the request accepts', async () => {
    const raw = await get('/api/openapi.json');
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body.length).toBeGreaterThan(1024);

    // Per response gzip is preferred (half brotli's CPU); brotli goes to a client that accepts nothing else.
    const both = await get('/api/openapi.json', 'gzip, deflate, br');
    expect(both.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(both.rawPayload).toString()).toBe(raw.body);

    const br = await get('/api/openapi.json', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(raw.body);

    const gzip = await get('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(raw.body);
  });

  it('are sent raw when smaller than 1 KiB, whatever the request accepts', async () => {
    const response = await get('/api/users/me', 'br, gzip', `Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ email: 'super@compression.test' });
  });

  it('of a signed-in list are compressed too', async () => {
    const response = await get('/api/countries?all=true', 'gzip', `Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toBeTruthy();
  });
});

describe('GET /robots.txt', () => {
  it('is a real file that keeps crawlers out of the console and the API', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('Disallow: /dashboard');
    expect(response.body).toContain('Disallow: /api');
  });

  it('is the one the console build ships', async () => {
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path.join(import.meta.dirname, '../../public/robots.txt'), 'utf8')).toMatch(
      /^User-agent: \*$[\s\S]*^Disallow: \/dashboard$[\s\S]*^Disallow: \/api$/m,
    );
  });
});
