// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import SystemLogsScreen from '../../../../src/islands/system-logs/SystemLogsScreen.tsx';
import type { User } from '../../../../src/lib/api/types.ts';
import { $loading } from '../../../../src/lib/stores/loading.ts';
import { selectOrganisation } from '../../../../src/lib/stores/organisation.ts';
import { $session } from '../../../../src/lib/stores/session.ts';
import { $toasts, clearToasts } from '../../../../src/lib/stores/toasts.ts';
import { errorBody, listOf, routeFetch } from '../../support/fetch-routes.ts';
import { orgadmin, organisation, otherOrganisation, superadmin } from '../../support/users-settings.ts';

const hook = (id: number, status: string, provider = 'sandbox') => ({
  id,
  timestamp: `2026-11-22T10:0${id % 10}:00.000Z`,
  createdAt: `2026-11-22T10:0${id % 10}:00.000Z`,
  status,
  provider,
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  clearToasts();
  selectOrganisation(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  $session.set({ status: 'loading', user: null });
  $loading.set({ count: 0, message: '' });
});

function renderAs(user: User) {
  $session.set({ status: 'authenticated', user });
  render(<SystemLogsScreen />);
}

test('superadmin: API Logs, and Webhook Logs of the first organisation until another choice', async () => {
  const { requests: allRequests } = routeFetch((request) => {
    if (request.path === '/api/organisations') return { body: listOf([organisation, otherOrganisation]) };
    if (request.path === '/api/logs/api') {
      return {
        body: listOf([{ id: 1, timestamp: '2026-11-22T10:00:00.000Z', method: 'GET', endpoint: '/api/users/me', statusCode: 200 }]),
      };
    }
    if (request.path === '/api/logs/webhooks')
      return { body: listOf([hook(1, 'ACCEPTED'), hook(2, 'Ok'), hook(3, 'rejected')], 1, 10, 30) };
    if (request.path === '/api/audit-events') return { body: { items: [], next: null } };
    return undefined;
  });
  // The Audit view's own requests are tested in AuditLog.test.tsx.
  const requests = {
    filter: (test: (request: (typeof allRequests)[number]) => boolean) =>
      allRequests.filter((r) => r.path !== '/api/audit-events').filter(test),
    at: (index: number) => allRequests.filter((r) => r.path !== '/api/audit-events').at(index),
  };
  renderAs(superadmin);
  const api = await screen.findByRole('region', { name: 'API Logs' });
  expect(await within(api).findByText('/api/users/me')).toBeTruthy();
  expect(
    within(api)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Timestamp', 'Method', 'Endpoint', 'Status']);

  const hooks = await screen.findByRole('region', { name: 'Webhook Logs' });
  const filter = await within(hooks).findByLabelText<HTMLSelectElement>('Organisation');
  await waitFor(() => expect(filter.value).toBe(String(organisation.id)));
  expect([...filter.options].map((option) => option.text)).toEqual(['All (unfiltered)', 'Acme Ltd', 'Beta Payments']);
  await within(hooks).findByText('ACCEPTED');
  expect(
    within(hooks)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Timestamp', 'Status', 'Provider']);
  expect(within(hooks).getByText('ACCEPTED').className).toBe('badge badge--success');
  expect(within(hooks).getByText('Ok').className).toBe('badge badge--success');
  expect(within(hooks).getByText('rejected').className).toBe('badge badge--warning');
  expect(requests.filter((r) => r.path === '/api/logs/webhooks').map((r) => r.query)).toEqual([
    { orgId: String(organisation.id), page: '1', pageSize: '10' },
  ]);

  // Page 2, then a new size: back to page 1.
  fireEvent.click(within(hooks).getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(requests.at(-1)?.query).toMatchObject({ page: '2', pageSize: '10' }));
  fireEvent.change(within(hooks).getByLabelText('Webhook logs per page'), { target: { value: '25' } });
  await waitFor(() => expect(requests.at(-1)?.query).toMatchObject({ page: '1', pageSize: '25' }));

  fireEvent.change(filter, { target: { value: 'all' } });
  await waitFor(() => expect(requests.at(-1)).toMatchObject({ path: '/api/logs/webhooks', query: { page: '1', pageSize: '25' } }));
  expect(requests.at(-1)?.query).not.toHaveProperty('orgId');
});

test('each panel shows once the one above it has its rows, so none is pushed down as they arrive; the hidden ones load meanwhile', async () => {
  let releaseApiLogs!: () => void;
  const apiLogsHeld = new Promise<void>((resolve) => (releaseApiLogs = resolve));
  const { requests } = routeFetch(async (request) => {
    if (request.path === '/api/organisations') return { body: listOf([organisation]) };
    if (request.path === '/api/logs/api') {
      await apiLogsHeld;
      return {
        body: listOf([{ id: 1, timestamp: '2026-11-22T10:00:00.000Z', method: 'GET', endpoint: '/api/users/me', statusCode: 200 }]),
      };
    }
    if (request.path === '/api/logs/webhooks') return { body: listOf([hook(1, 'ACCEPTED')]) };
    if (request.path === '/api/audit-events') return { body: { items: [], next: null } };
    return undefined;
  });
  renderAs(superadmin);
  expect(await screen.findByRole('region', { name: 'API Logs' })).toBeTruthy();
  // The webhook logs load while the API logs are still out, but stay hidden below them.
  await waitFor(() => expect(requests.some((r) => r.path === '/api/logs/webhooks')).toBe(true));
  expect(screen.queryByRole('region', { name: 'Webhook Logs' })).toBeNull();

  releaseApiLogs();
  const hooks = await screen.findByRole('region', { name: 'Webhook Logs' });
  expect(await within(hooks).findByText('ACCEPTED')).toBeTruthy();
});

test("orgadmin: only the organisation's own webhook logs; a failed load is only logged", async () => {
  const { requests } = routeFetch((request) => {
    if (request.path === '/api/audit-events') return { body: { items: [], next: null } };
    return request.path === '/api/logs/webhooks/organisation' ? errorBody(500, 'Internal Server Error', 'Boom') : undefined;
  });
  renderAs(orgadmin);
  const hooks = await screen.findByRole('region', { name: 'Webhook Logs' });
  expect(await within(hooks).findByText('These logs could not be loaded.')).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'API Logs' })).toBeNull();
  expect(within(hooks).queryByLabelText('Organisation')).toBeNull();
  expect($toasts.get()).toEqual([]);
  expect(requests.map((request) => request.path).filter((path) => path !== '/api/audit-events')).toEqual([
    '/api/logs/webhooks/organisation',
  ]);
});
