// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ApiError, apiDelete, apiGet, apiPatch, apiPost, apiUrl, normaliseList } from '../../../../src/lib/api/client.ts';
import { stubFetch } from '../../support/fetch.ts';

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  localStorage.clear();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

test('paths are relative to /api by default and queries skip empty values', () => {
  expect(apiUrl('/users')).toBe('/api/users');
  expect(apiUrl('/users', { page: 2, pageSize: 25, search: '', orgId: undefined, active: false })).toBe(
    '/api/users?page=2&pageSize=25&active=false',
  );
});

test('PUBLIC_API_BASE points the client elsewhere', () => {
  vi.stubEnv('PUBLIC_API_BASE', 'https://api.payrail.example/v1/');
  expect(apiUrl('/users/me')).toBe('https://api.payrail.example/v1/users/me');
});

test('the bearer token from authToken is attached when present', async () => {
  const { requests } = stubFetch({ body: { id: 1 } }, { body: { id: 1 } });
  await apiGet('/users/me');
  expect(requests[0]?.headers['Authorization']).toBeUndefined();

  localStorage.setItem('authToken', 'jwt-123');
  await apiGet('/users/me');
  expect(requests[1]?.headers['Authorization']).toBe('Bearer jwt-123');
});

test('bodies are sent as JSON and JSON replies are parsed', async () => {
  const { requests } = stubFetch({ body: { access_token: 't' } });
  await expect(apiPost('/auth/login', { email: 'a@b.c', password: 'pw' })).resolves.toEqual({ access_token: 't' });
  expect(requests[0]).toMatchObject({
    url: '/api/auth/login',
    method: 'POST',
    body: { email: 'a@b.c', password: 'pw' },
    headers: { 'Content-Type': 'application/json' },
  });
});

test('PATCH and DELETE use their verbs; an empty reply resolves to null', async () => {
  const { requests } = stubFetch({ body: { ok: true } }, { status: 204 });
  await apiPatch('/users/me/profile', { name: 'N', avatar: null });
  await expect(apiDelete('/users/7')).resolves.toBeNull();
  expect(requests.map((r) => r.method)).toEqual(['PATCH', 'DELETE']);
});

test('FormData goes as multipart without a JSON content type', async () => {
  const { requests } = stubFetch({ body: { url: '/files/1' } });
  const form = new FormData();
  form.append('file', new Blob(['x']), 'a.png');
  await apiPost('/files/upload', form);
  expect(requests[0]?.body).toBe(form);
  expect(requests[0]?.headers['Content-Type']).toBeUndefined();
});

test('an error reply becomes an ApiError with the server message, logged and rethrown', async () => {
  const body = { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password.' };
  stubFetch({ status: 401, statusText: 'Unauthorized', body });
  const failure = apiPost('/auth/login', { email: 'a@b.c', password: 'x' });
  await expect(failure).rejects.toBeInstanceOf(ApiError);
  await expect(failure).rejects.toMatchObject({ status: 401, body, message: 'Invalid email or password.' });
  expect(consoleError).toHaveBeenCalledTimes(1);
});

test('a plain-text error body is the message', async () => {
  stubFetch({ status: 502, statusText: 'Bad Gateway', text: 'upstream unavailable' });
  await expect(apiGet('/payments')).rejects.toMatchObject({ status: 502, message: 'upstream unavailable' });
});

test('an error without a body falls back to HTTP status text', async () => {
  stubFetch({ status: 503, statusText: 'Service Unavailable' });
  await expect(apiGet('/payments')).rejects.toMatchObject({ status: 503, message: 'HTTP 503 Service Unavailable' });
});

test('a network failure becomes an ApiError with status 0 and the thrown message', async () => {
  stubFetch(new TypeError('Failed to fetch'));
  await expect(apiGet('/payments')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  expect(consoleError).toHaveBeenCalledTimes(1);
});

test('normaliseList is exported beside the client', () => {
  expect(normaliseList({ rows: [1], count: 9 })).toEqual({ items: [1], total: 9, page: 1, pageSize: 10 });
});
