import { afterEach, expect, test, vi } from 'vitest';
import { changePassword, getMe, updateMyProfile } from '../../../../src/lib/api/users.ts';
import { stubFetch } from '../../support/fetch.ts';

afterEach(() => vi.unstubAllGlobals());

const me = { id: 1, name: 'Ama', email: 'ama@payrail.test', role: 'superadmin', avatar: null, orgId: null, organisation: null };

test('getMe reads /users/me', async () => {
  const { requests } = stubFetch({ body: me });
  await expect(getMe()).resolves.toEqual(me);
  expect(requests[0]).toMatchObject({ url: '/api/users/me', method: 'GET' });
});

test('changePassword and updateMyProfile send the spec payloads', async () => {
  const { requests } = stubFetch({ body: { message: 'ok' } }, { body: { ...me, name: 'Ama M.' } });
  await changePassword('old-password', 'new-password');
  await expect(updateMyProfile({ name: 'Ama M.', avatar: null })).resolves.toMatchObject({ name: 'Ama M.' });
  expect(requests.map(({ url, method, body }) => ({ url, method, body }))).toEqual([
    { url: '/api/users/change-password', method: 'POST', body: { currentPassword: 'old-password', newPassword: 'new-password' } },
    { url: '/api/users/me/profile', method: 'PATCH', body: { name: 'Ama M.', avatar: null } },
  ]);
});
