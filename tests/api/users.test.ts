import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../../server/db/schema.ts';
import { body, buildTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { apiCaller } from '../helpers/request.ts';

let t: TestApp;
let admin: string;
let orgadmin: string;
let orgId: number;
let otherOrgId: number;
let otherUserId: number;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { email: 'root@payrail.test', role: 'superadmin', name: 'Root' });
  orgId = await createOrganisation(t.db, 'Takoradi Shipping');
  otherOrgId = await createOrganisation(t.db, 'Cape Coast Fisheries');
  await createUser(t.db, { email: 'efua@takoradi.test', orgId, name: 'Efua' });
  otherUserId = await createUser(t.db, { email: 'kojo@capecoast.test', orgId: otherOrgId, name: 'Kojo' });
  admin = await signIn(t.app, 'root@payrail.test');
  orgadmin = await signIn(t.app, 'efua@takoradi.test');
});
afterAll(() => t.close());

const call = apiCaller(() => t.app);
type UserList = { items: { id: number; email: string; organisation: { name: string } | null; role: string }[]; total: number };

describe('creating users', () => {
  it('lets an orgadmin add orgadmins to its own organisation only', async () => {
    const response = await call('POST', '/api/users', orgadmin, { name: 'Yaa', email: 'yaa@takoradi.test', password: 'long enough pw' });
    expect(response.statusCode).toBe(201);
    expect(body(response)).toMatchObject({ name: 'Yaa', role: 'orgadmin', orgId, organisation: { id: orgId, name: 'Takoradi Shipping' } });
    expect(
      (await call('POST', '/api/users', orgadmin, { name: 'X', email: 'x@x.test', password: 'long enough pw', orgId: otherOrgId }))
        .statusCode,
    ).toBe(404);
    const escalate = await call('POST', '/api/users', orgadmin, {
      name: 'X',
      email: 'x@x.test',
      password: 'long enough pw',
      role: 'superadmin',
    });
    expect(escalate.statusCode).toBe(403);
    expect(body(escalate)['message']).toBe('Only a superadmin can create superadmins.');
  });

  it('lets a superadmin create users in any organisation, and superadmins', async () => {
    const created = await call('POST', '/api/users', admin, {
      name: 'Kofi',
      email: 'kofi@capecoast.test',
      password: 'long enough pw',
      orgId: otherOrgId,
    });
    expect(body(created)).toMatchObject({ role: 'orgadmin', orgId: otherOrgId });
    const root2 = await call('POST', '/api/users', admin, {
      name: 'Root 2',
      email: 'root2@payrail.test',
      password: 'long enough pw',
      role: 'superadmin',
    });
    expect(body(root2)).toMatchObject({ role: 'superadmin', orgId: null, organisation: null });
    expect((await call('POST', '/api/users', admin, { name: 'N', email: 'n@x.test', password: 'long enough pw' })).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/users', admin, { name: 'N', email: 'n@x.test', password: 'long enough pw', orgId: 9999 })).statusCode,
    ).toBe(400);
  });

  it('refuses duplicate e-mails case-insensitively and short passwords', async () => {
    const duplicate = await call('POST', '/api/users', admin, {
      name: 'E',
      email: 'EFUA@takoradi.test',
      password: 'long enough pw',
      orgId,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(body(duplicate)['message']).toBe('A user with this email already exists.');
    const short = await call('POST', '/api/users', orgadmin, { name: 'S', email: 's@takoradi.test', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(body(short)['message']).toBe('Password must be at least 8 characters long.');
  });
});

describe('listing users', () => {
  it('shows a superadmin everyone, with organisations, paged', async () => {
    const all = body<UserList>(await call('GET', '/api/users?pageSize=25', admin));
    expect(all.total).toBe(6);
    expect(all.items.find((u) => u.email === 'root@payrail.test')?.organisation).toBeNull();
    expect(body<UserList>(await call('GET', '/api/users?query=capecoast', admin)).total).toBe(2);
    expect((await call('GET', '/api/users', orgadmin)).statusCode).toBe(403);
  });

  it("shows an orgadmin only its organisation's users", async () => {
    const own = body<UserList>(await call('GET', '/api/users/my-organisation', orgadmin));
    expect(own.items.map((u) => u.email).sort()).toEqual(['efua@takoradi.test', 'yaa@takoradi.test']);
  });
});

describe('editing and deleting users', () => {
  it('edits name and avatar; another organisation is invisible (404)', async () => {
    const yaa = body<UserList>(await call('GET', '/api/users/my-organisation?query=yaa', orgadmin)).items[0];
    const edited = await call('PATCH', `/api/users/${yaa?.id}`, orgadmin, { name: 'Yaa Asantewaa', avatar: 'https://cdn.test/yaa.png' });
    expect(body(edited)).toMatchObject({ name: 'Yaa Asantewaa', avatar: 'https://cdn.test/yaa.png' });
    expect((await call('PATCH', `/api/users/${otherUserId}`, orgadmin, { name: 'Hacked' })).statusCode).toBe(404);
    expect((await call('POST', `/api/users/${otherUserId}/reset-password`, orgadmin, { newPassword: 'hacked password' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/users/${otherUserId}`, orgadmin)).statusCode).toBe(404);
    const kojo = body<UserList>(await call('GET', '/api/users?query=kojo', admin)).items[0];
    expect(kojo).toMatchObject({ email: 'kojo@capecoast.test' });
    expect(body(await call('GET', '/api/users?query=kojo', admin))).toMatchObject({ items: [{ name: 'Kojo' }] });
  });

  it('resets a password (minimum 8) and signs the user out', async () => {
    const kojoToken = await signIn(t.app, 'kojo@capecoast.test');
    t.clock.advance(2000);
    const short = await call('POST', `/api/users/${otherUserId}/reset-password`, admin, { newPassword: 'short' });
    expect(body(short)['message']).toBe('New password must be at least 8 characters long.');
    expect((await call('POST', `/api/users/${otherUserId}/reset-password`, admin, { newPassword: 'fresh password' })).statusCode).toBe(200);
    expect((await call('GET', '/api/users/me', kojoToken)).statusCode).toBe(401);
    await signIn(t.app, 'kojo@capecoast.test', 'fresh password');
  });

  it('signs a user out on the next request after an admin reset or deletion, though its lookup was cached', async () => {
    for (const [email, change] of [
      ['abena@capecoast.test', (id: number) => call('POST', `/api/users/${id}/reset-password`, admin, { newPassword: 'fresh password' })],
      ['kwame@capecoast.test', (id: number) => call('DELETE', `/api/users/${id}`, admin)],
    ] as const) {
      const id = await createUser(t.db, { email, orgId: otherOrgId });
      const session = await signIn(t.app, email);
      t.clock.advance(2000);
      // The session works, and the auth plugin now holds its user in the per-process cache.
      expect((await call('GET', '/api/payments', session)).statusCode).toBe(200);
      expect((await change(id)).statusCode).toBe(200);
      expect((await call('GET', '/api/payments', session)).statusCode).toBe(401);
    }
  });

  it('never deletes yourself or the last superadmin', async () => {
    const me = body<{ id: number }>(await call('GET', '/api/users/me', orgadmin));
    expect(body(await call('DELETE', `/api/users/${me.id}`, orgadmin))['message']).toBe('You cannot delete your own account.');
    const roots = body<UserList>(await call('GET', '/api/users?query=root', admin)).items;
    const root2 = roots.find((u) => u.email === 'root2@payrail.test');
    expect((await call('DELETE', `/api/users/${root2?.id}`, admin)).statusCode).toBe(200);
    const yaa = body<UserList>(await call('GET', '/api/users/my-organisation?query=yaa', orgadmin)).items[0];
    expect((await call('DELETE', `/api/users/${yaa?.id}`, orgadmin)).statusCode).toBe(200);
    expect(body<UserList>(await call('GET', '/api/users/my-organisation', orgadmin)).total).toBe(1);
  });
});

describe('admin password resets', () => {
  it('refuses resetting your own password this way and cancels e-mailed reset links of the target', async () => {
    const me = body<{ id: number }>(await call('GET', '/api/users/me', admin));
    const own = await call('POST', `/api/users/${me.id}/reset-password`, admin, { newPassword: 'another long pw' });
    expect(own.statusCode).toBe(400);
    expect(body(own)['message']).toBe('Use Change Password for your own account.');

    const targetId = await createUser(t.db, { email: 'linked@takoradi.test', orgId });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'linked@takoradi.test' } });
    const [mail] = await t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, 'linked@takoradi.test'));
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1] ?? '';
    expect((await call('POST', `/api/users/${targetId}/reset-password`, admin, { newPassword: 'set by the admin' })).statusCode).toBe(200);
    const late = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'undo the admin' } });
    expect(late.statusCode).toBe(400);
    await signIn(t.app, 'linked@takoradi.test', 'set by the admin');
  });

  it('accepts only uploaded-file paths or http(s) URLs as avatars', async () => {
    const me = body<{ id: number }>(await call('GET', '/api/users/me', orgadmin));
    expect((await call('PATCH', '/api/users/me/profile', orgadmin, { avatar: '/dashboard' })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/users/${me.id}`, orgadmin, { avatar: '/api/files/abcDEF123_-' })).statusCode).toBe(200);
  });
});
