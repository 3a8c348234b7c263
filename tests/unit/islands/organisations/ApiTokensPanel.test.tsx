// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import ApiTokensPanel from '../../../../src/islands/organisations/ApiTokensPanel.tsx';
import type { ApiToken } from '../../../../src/lib/api/api-tokens.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';
import { errorBody, routeFetch, type RoutedRequest, type RoutedResponse } from '../../support/fetch-routes.ts';

const CURRENT: ApiToken = {
  id: 2,
  state: 'current',
  token: null,
  hint: '••••wxyz',
  createdAt: '2026-11-20T09:00:00.000Z',
  createdBy: 'Abena Mensah',
  expiresAt: null,
  lastUsedAt: '2026-11-22T08:30:00.000Z',
};
const EXPIRING: ApiToken = {
  id: 1,
  state: 'expiring',
  token: null,
  hint: '••••abcd',
  createdAt: '2026-01-02T09:00:00.000Z',
  createdBy: null,
  expiresAt: '2026-11-23T09:00:00.000Z',
  lastUsedAt: null,
};
const NEW_TOKEN = 'prt_newNewNewNewNewNewNewNewNewNewNewNewNew1234';

const toastTexts = () => $toasts.get().map((toast) => (toast.title ? `${toast.title} ${toast.message}` : toast.message));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Serves the token list of `base`; `other` answers the rest (the roll). */
function serve(base: string, other: (request: RoutedRequest) => RoutedResponse | undefined = () => undefined) {
  return routeFetch((request) => {
    if (request.method === 'GET' && request.path === `${base}/api-tokens`) return { body: { items: [CURRENT, EXPIRING] } };
    return other(request);
  });
}

const tokenList = () => screen.findByRole('list', { name: 'API tokens' });

test("lists the organisation's tokens with their state and last use", async () => {
  serve('/api/organisations/my-organisation');
  render(<ApiTokensPanel organisationId={null} />);
  const items = within(await tokenList()).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]?.textContent).toContain('••••wxyz');
  expect(items[0]?.textContent).toContain('Current');
  expect(items[0]?.textContent).toContain('by Abena Mensah');
  expect(items[1]?.textContent).toContain('Expires 23 Nov 2026');
  expect(items[1]?.textContent).toContain('Never used');
});

test('rolls with the chosen grace period after confirming, then shows the new token once and the new list', async () => {
  const { requests } = serve('/api/organisations/my-organisation', (request) =>
    request.method === 'POST'
      ? {
          body: {
            token: NEW_TOKEN,
            items: [
              { ...CURRENT, id: 3, hint: '••••1234', lastUsedAt: null },
              { ...CURRENT, state: 'expired', expiresAt: '2026-11-22T10:00:00.000Z' },
            ],
          },
        }
      : undefined,
  );
  render(<ApiTokensPanel organisationId={null} />);
  await tokenList();
  fireEvent.change(screen.getByLabelText('Old token keeps working for'), { target: { value: '0' } });
  fireEvent.click(screen.getByRole('button', { name: 'Roll API token' }));
  const dialog = await screen.findByRole('dialog', { name: 'Roll API token' });
  expect(dialog.textContent).toContain('The current token stops working at once');
  expect(requests.some((request) => request.method === 'POST')).toBe(false);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Roll API token' }));

  await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('New API token').value).toBe(NEW_TOKEN));
  const roll = requests.find((request) => request.method === 'POST');
  expect(roll).toMatchObject({ path: '/api/organisations/my-organisation/api-token/rotate', body: { graceHours: 0 } });
  const items = within(await tokenList()).getAllByRole('listitem');
  expect(items[0]?.textContent).toContain('••••1234');
  expect(items[1]?.textContent).toContain('Expired');
  expect(toastTexts()).toContain('API token rolled. Copy the new token now: it is not shown again.');
});

test("a superadmin's panel works on the chosen organisation, shows its current token in full, and sends the default grace", async () => {
  const { requests } = routeFetch((request) => {
    if (request.method === 'GET' && request.path === '/api/organisations/5/api-tokens')
      return { body: { items: [{ ...CURRENT, token: 'prt_fullCurrentTokenwxyz' }] } };
    if (request.method === 'POST') return { body: { token: NEW_TOKEN, items: [] } };
    return undefined;
  });
  render(<ApiTokensPanel organisationId={5} />);
  expect((await tokenList()).textContent).toContain('prt_fullCurrentTokenwxyz');
  fireEvent.click(screen.getByRole('button', { name: 'Roll API token' }));
  const dialog = await screen.findByRole('dialog', { name: 'Roll API token' });
  expect(dialog.textContent).toContain('keeps working for 24 hours, then stops');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Roll API token' }));
  await waitFor(() => expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ graceHours: 24 }));
  expect(requests.find((request) => request.method === 'POST')?.path).toBe('/api/organisations/5/api-token/rotate');
});

test('a failed roll says why and shows no new token; cancelling sends nothing', async () => {
  const { requests } = serve('/api/organisations/my-organisation', (request) =>
    request.method === 'POST' ? errorBody(400, 'Bad Request', 'body/graceHours must be <= 720') : undefined,
  );
  render(<ApiTokensPanel organisationId={null} />);
  await tokenList();
  fireEvent.click(screen.getByRole('button', { name: 'Roll API token' }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Roll API token' })).getByRole('button', { name: 'Cancel' }));
  expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

  fireEvent.click(screen.getByRole('button', { name: 'Roll API token' }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Roll API token' })).getByRole('button', { name: 'Roll API token' }));
  await waitFor(() => expect(toastTexts()).toContain('Failed to roll API token. body/graceHours must be <= 720'));
  expect(screen.queryByLabelText('New API token')).toBeNull();
});

test('says so in place when the list cannot be loaded, and loads it again on request', async () => {
  let fail = true;
  routeFetch((request) => {
    if (request.path.endsWith('/api-tokens'))
      return fail ? errorBody(500, 'Internal Server Error', 'boom') : { body: { items: [CURRENT] } };
    return undefined;
  });
  render(<ApiTokensPanel organisationId={null} />);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Failed to load API tokens.');
  fail = false;
  fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(within(await tokenList()).getAllByRole('listitem')).toHaveLength(1);
});
