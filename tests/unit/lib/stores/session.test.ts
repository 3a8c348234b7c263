// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ApiError } from '../../../../src/lib/api/errors.ts';
import { setNavigator } from '../../../../src/lib/navigate.ts';
import { $session, loadSession, login, logout } from '../../../../src/lib/stores/session.ts';
import { stubFetch } from '../../support/fetch.ts';

const me = { id: 1, name: 'Ama', email: 'ama@payrail.test', role: 'superadmin', avatar: null, orgId: null, organisation: null };
const unauthorized = {
  status: 401,
  statusText: 'Unauthorized',
  body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid or expired token.' },
};

let navigations: { path: string; replace: boolean }[];
let restoreNavigator: () => void;

beforeEach(() => {
  localStorage.clear();
  $session.set({ status: 'loading', user: null });
  navigations = [];
  restoreNavigator = setNavigator((path, { replace }) => navigations.push({ path, replace }));
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  restoreNavigator();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('with a valid token the profile is loaded and the session is authenticated', async () => {
  localStorage.setItem('authToken', 'jwt');
  const { requests } = stubFetch({ body: me });
  await expect(loadSession()).resolves.toEqual(me);
  expect($session.get()).toEqual({ status: 'authenticated', user: me });
  expect(requests[0]).toMatchObject({ url: '/api/users/me', headers: { Authorization: 'Bearer jwt' } });
  expect(navigations).toEqual([]);
});

test('when the profile cannot be loaded the token is cleared and the user goes to /login', async () => {
  localStorage.setItem('authToken', 'expired');
  stubFetch(unauthorized);
  await expect(loadSession()).resolves.toBeNull();
  expect(localStorage.getItem('authToken')).toBeNull();
  expect($session.get()).toEqual({ status: 'anonymous', user: null });
  expect(navigations).toEqual([{ path: '/login', replace: true }]);
});

test('without a token nothing is fetched and the visitor goes to /login', async () => {
  const { fetchMock } = stubFetch();
  await loadSession();
  expect(fetchMock).not.toHaveBeenCalled();
  expect($session.get().status).toBe('anonymous');
  expect(navigations).toEqual([{ path: '/login', replace: true }]);
});

test('the login page can check a token without being redirected', async () => {
  localStorage.setItem('authToken', 'expired');
  stubFetch(unauthorized);
  await loadSession({ redirectOnFailure: false });
  expect(localStorage.getItem('authToken')).toBeNull();
  expect(navigations).toEqual([]);
});

test('islands asking at the same time share one request', async () => {
  localStorage.setItem('authToken', 'jwt');
  const { fetchMock } = stubFetch({ body: me });
  const [a, b] = await Promise.all([loadSession(), loadSession()]);
  expect(a).toEqual(me);
  expect(b).toEqual(me);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('login stores the token, loads the profile and replaces the page with /dashboard', async () => {
  const { requests } = stubFetch({ body: { access_token: 'new-jwt' } }, { body: me });
  await expect(login('ama@payrail.test', 'secret')).resolves.toEqual({ step: 'done', user: me });
  expect(localStorage.getItem('authToken')).toBe('new-jwt');
  expect(requests[1]).toMatchObject({ url: '/api/users/me', headers: { Authorization: 'Bearer new-jwt' } });
  expect($session.get()).toEqual({ status: 'authenticated', user: me });
  expect(navigations).toEqual([{ path: '/dashboard', replace: true }]);
});

test('a stale token is not sent with the login request', async () => {
  localStorage.setItem('authToken', 'stale');
  const { requests } = stubFetch({ body: { access_token: 'new-jwt' } }, { body: me });
  await login('ama@payrail.test', 'secret');
  expect(requests[0]?.headers['Authorization']).toBeUndefined();
});

test('a failed login clears the token and rethrows the ApiError', async () => {
  localStorage.setItem('authToken', 'stale');
  stubFetch({ status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password.' } });
  const failure = login('ama@payrail.test', 'wrong');
  await expect(failure).rejects.toBeInstanceOf(ApiError);
  await expect(failure).rejects.toMatchObject({ status: 401 });
  expect(localStorage.getItem('authToken')).toBeNull();
  expect($session.get().status).toBe('anonymous');
  expect(navigations).toEqual([]);
});

test('a token that cannot load a profile is not kept', async () => {
  stubFetch({ body: { access_token: 'jwt' } }, { status: 500, body: { message: 'db down' } });
  await expect(login('ama@payrail.test', 'secret')).rejects.toMatchObject({ status: 500 });
  expect(localStorage.getItem('authToken')).toBeNull();
});

test('logout ends the session on the server with its token, removes the token, clears the user and goes to /login', () => {
  const { requests } = stubFetch({ body: { message: 'Signed out.' } });
  localStorage.setItem('authToken', 'jwt');
  $session.set({ status: 'authenticated', user: me as never });
  logout();
  expect(requests).toEqual([expect.objectContaining({ url: '/api/auth/logout', method: 'POST' })]);
  expect(requests[0]?.headers['Authorization']).toBe('Bearer jwt');
  expect(localStorage.getItem('authToken')).toBeNull();
  expect($session.get()).toEqual({ status: 'anonymous', user: null });
  expect(navigations).toEqual([{ path: '/login', replace: true }]);
});
