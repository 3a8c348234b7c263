import { afterEach, expect, test, vi } from 'vitest';
import { forgotPassword, login, resetPassword } from '../../../../src/lib/api/auth.ts';
import { stubFetch } from '../../support/fetch.ts';

afterEach(() => vi.unstubAllGlobals());

test('login posts the credentials and returns the token reply', async () => {
  const { requests } = stubFetch({ body: { access_token: 'jwt' } });
  await expect(login('ama@payrail.test', 'secret')).resolves.toEqual({ access_token: 'jwt' });
  expect(requests[0]).toMatchObject({ url: '/api/auth/login', method: 'POST', body: { email: 'ama@payrail.test', password: 'secret' } });
});

test('forgotPassword and resetPassword post their payloads', async () => {
  const { requests } = stubFetch({ body: { message: 'sent' } }, { body: { message: 'done' } });
  await forgotPassword('ama@payrail.test');
  await resetPassword('tok', 'new-password');
  expect(requests.map(({ url, body }) => ({ url, body }))).toEqual([
    { url: '/api/auth/forgot-password', body: { email: 'ama@payrail.test' } },
    { url: '/api/auth/reset-password', body: { token: 'tok', password: 'new-password' } },
  ]);
});
