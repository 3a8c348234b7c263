// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ApiError } from '../../../../src/lib/api/client.ts';
import { EARLY_REQUESTS_KEY, takeEarlyResponse } from '../../../../src/lib/api/early-requests.ts';
import { getPaymentTimeline } from '../../../../src/lib/api/payment-timeline.ts';
import { getMe } from '../../../../src/lib/api/users.ts';
import { clearToken, setToken } from '../../../../src/lib/token.ts';
import { stubFetch } from '../../support/fetch.ts';

const me = { id: 1, name: 'Ama', email: 'ama@payrail.test', role: 'superadmin', avatar: null, orgId: null, organisation: null };
const slot = window as unknown as Record<string, { token: string; responses: Record<string, Promise<Response>> } | undefined>;

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** What the console page's head leaves behind (src/components/EarlyRequests.astro): answers by the URL requested. */
function leaveEarlyRequests(token: string, responses: Record<string, Promise<Response>>): void {
  slot[EARLY_REQUESTS_KEY] = { token, responses };
}

beforeEach(() => setToken('token-a'));

afterEach(() => {
  clearToken();
  delete slot[EARLY_REQUESTS_KEY];
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test("getMe answers with the head's request and sends none of its own; the next getMe asks the server", async () => {
  leaveEarlyRequests('token-a', { '/api/users/me': answer(200, me) });
  const { requests } = stubFetch({ body: { ...me, name: 'Ama M.' } });
  await expect(getMe()).resolves.toEqual(me);
  expect(requests).toEqual([]);
  expect(slot[EARLY_REQUESTS_KEY]?.responses).toEqual({});
  await expect(getMe()).resolves.toMatchObject({ name: 'Ama M.' });
  expect(requests.map(({ url }) => url)).toEqual(['/api/users/me']);
});

test("a refused early answer fails getMe as the API's own refusal would (the session store then signs out)", async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  leaveEarlyRequests('token-a', { '/api/users/me': answer(401, { message: 'Unauthorized' }) });
  const failure = await getMe().catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ApiError);
  expect((failure as ApiError).status).toBe(401);
});

test('a request made with another token than the stored one is dropped, not used', async () => {
  leaveEarlyRequests('token-old', { '/api/users/me': answer(200, { ...me, name: 'Someone else' }) });
  const { requests } = stubFetch({ body: me });
  await expect(getMe()).resolves.toEqual(me);
  expect(requests.map(({ headers }) => headers['Authorization'])).toEqual(['Bearer token-a']);
  expect(slot[EARLY_REQUESTS_KEY]?.responses).toEqual({});
});

test("a payment's page takes its timeline from the head's request, and only that payment's", async () => {
  const timeline = { payment: { reference: 'PAY-A1' } };
  const other = answer(200, { payment: { reference: 'PAY-B2' } });
  leaveEarlyRequests('token-a', { '/api/users/me': answer(200, me), '/api/payments/PAY-B2/timeline': other });
  const { requests } = stubFetch({ body: timeline });
  await expect(getPaymentTimeline('PAY-A1')).resolves.toEqual(timeline);
  expect(requests.map(({ url }) => url)).toEqual(['/api/payments/PAY-A1/timeline']);

  leaveEarlyRequests('token-a', { '/api/payments/PAY-A1/timeline': answer(200, timeline) });
  await expect(getPaymentTimeline('PAY-A1')).resolves.toEqual(timeline);
  expect(requests).toHaveLength(1);
});

test('nothing left by the head, or no token stored: null, and the answer is spent', () => {
  expect(takeEarlyResponse('/users/me', 'token-a')).toBeNull();
  leaveEarlyRequests('token-a', { '/api/users/me': answer(200, me) });
  expect(takeEarlyResponse('/users/me', null)).toBeNull();
  expect(takeEarlyResponse('/users/me', 'token-a')).toBeNull();
});
