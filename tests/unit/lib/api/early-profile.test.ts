// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ApiError } from '../../../../src/lib/api/client.ts';
import { EARLY_PROFILE_KEY, takeEarlyProfileRequest } from '../../../../src/lib/api/early-profile.ts';
import { getMe } from '../../../../src/lib/api/users.ts';
import { clearToken, setToken } from '../../../../src/lib/token.ts';
import { stubFetch } from '../../support/fetch.ts';

const me = { id: 1, name: 'Ama', email: 'ama@payrail.test', role: 'superadmin', avatar: null, orgId: null, organisation: null };
const slot = window as unknown as Record<string, unknown>;

/** What the console page's head leaves behind (src/components/EarlyProfileRequest.astro). */
function leaveEarlyRequest(token: string, status: number, body: unknown): void {
  const response = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  slot[EARLY_PROFILE_KEY] = { token, response: Promise.resolve(response) };
}

beforeEach(() => setToken('token-a'));

afterEach(() => {
  clearToken();
  delete slot[EARLY_PROFILE_KEY];
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test("getMe answers with the head's request and sends none of its own; the next getMe asks the server", async () => {
  leaveEarlyRequest('token-a', 200, me);
  const { requests } = stubFetch({ body: { ...me, name: 'Ama M.' } });
  await expect(getMe()).resolves.toEqual(me);
  expect(requests).toEqual([]);
  expect(slot[EARLY_PROFILE_KEY]).toBeUndefined();
  await expect(getMe()).resolves.toMatchObject({ name: 'Ama M.' });
  expect(requests.map(({ url }) => url)).toEqual(['/api/users/me']);
});

test("a refused early answer fails getMe as the API's own refusal would (the session store then signs out)", async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  leaveEarlyRequest('token-a', 401, { message: 'Unauthorized' });
  const failure = await getMe().catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ApiError);
  expect((failure as ApiError).status).toBe(401);
});

test('a request made with another token than the stored one is dropped, not used', async () => {
  leaveEarlyRequest('token-old', 200, { ...me, name: 'Someone else' });
  const { requests } = stubFetch({ body: me });
  await expect(getMe()).resolves.toEqual(me);
  expect(requests.map(({ headers }) => headers['Authorization'])).toEqual(['Bearer token-a']);
  expect(slot[EARLY_PROFILE_KEY]).toBeUndefined();
});

test('nothing left by the head, or no token stored: null', () => {
  expect(takeEarlyProfileRequest('token-a')).toBeNull();
  leaveEarlyRequest('token-a', 200, me);
  expect(takeEarlyProfileRequest(null)).toBeNull();
  expect(slot[EARLY_PROFILE_KEY]).toBeUndefined();
});
