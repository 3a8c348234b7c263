import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../server/db/schema.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let orgadmin: string;
let admin: string;
let orgId: number;
const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));

beforeAll(async () => {
  t = await buildTestApp();
  orgId = await createOrganisation(t.db);
  await createUser(t.db, { email: 'ama@acme.test', orgId });
  await createUser(t.db, { email: 'root@payrail.test', role: 'superadmin' });
  orgadmin = await signIn(t.app, 'ama@acme.test');
  admin = await signIn(t.app, 'root@payrail.test');
});
afterAll(() => t.close());

function upload(url: string, token: string, field: string, bytes: Buffer, filename: string, type = 'image/png') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: form });
}

describe('POST /api/files/upload', () => {
  it('stores a png and a gif and serves them with the type found in their bytes', async () => {
    for (const [name, type] of [
      ['pixel.png', 'image/png'],
      ['pixel.gif', 'image/gif'],
    ] as const) {
      // The declared type is a lie on purpose: only the content decides.
      const response = await upload('/api/files/upload', orgadmin, 'file', fixture(name), name, 'application/octet-stream');
      expect(response.statusCode, name).toBe(201);
      const { url } = body<{ url: string }>(response);
      expect(url).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{32}$/);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.rawPayload.equals(fixture(name))).toBe(true);
    }
  });

  it('refuses an executable named .png, a 20 MiB upload, a wrong field and no auth, storing nothing', async () => {
    const before = (await t.db.select({ id: files.id }).from(files)).length;
    const fake = await upload('/api/files/upload', orgadmin, 'file', fixture('fake-image.png'), 'avatar.png');
    expect(fake.statusCode).toBe(415);
    expect(body(fake)['message']).toBe('Only PNG, JPEG or GIF images are accepted.');
    const huge = Buffer.concat([fixture('pixel.png'), Buffer.alloc(20 * 1024 * 1024)]);
    const tooBig = await upload('/api/files/upload', orgadmin, 'file', huge, 'big.png');
    expect(tooBig.statusCode).toBe(413);
    expect(body(tooBig)['message']).toBe('The image is larger than 2 MiB.');
    expect((await upload('/api/files/upload', orgadmin, 'avatar', fixture('pixel.png'), 'a.png')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/files/upload', payload: { file: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(before);
  });

  it('answers 404 for an unknown file', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/files/abcdefghijklmnopqrstuvwxyz012345' })).statusCode).toBe(404);
  });
});

describe('organisation logo', () => {
  it('sets the logo of your own organisation (field "logo")', async () => {
    const response = await upload('/api/organisations/my-organisation/logo', orgadmin, 'logo', fixture('pixel.png'), 'logo.png');
    expect(response.statusCode).toBe(200);
    const organisation = body<{ logoUrl: string; logo: string }>(response);
    expect(organisation.logoUrl).toMatch(/^\/api\/files\//);
    expect(organisation.logo).toBe(organisation.logoUrl);
    expect((await t.app.inject({ method: 'GET', url: organisation.logoUrl })).headers['content-type']).toBe('image/png');
  });

  it("lets a superadmin set any organisation's logo", async () => {
    const response = await upload(`/api/organisations/${orgId}/logo`, admin, 'logo', fixture('pixel.gif'), 'logo.gif');
    expect(response.statusCode).toBe(200);
    expect((await upload('/api/organisations/9999/logo', admin, 'logo', fixture('pixel.gif'), 'logo.gif')).statusCode).toBe(404);
  });
});
