// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import AuditLog from '../../../../src/islands/system-logs/AuditLog.tsx';
import { routeFetch } from '../../support/fetch-routes.ts';

const entry = (id: number, action: string) => ({
  id,
  at: '2026-11-22T10:00:00.000Z',
  actorKind: 'user',
  actorUserId: 3,
  actor: 'Akosua <a@audit.test>',
  actorRole: 'orgadmin',
  organisationId: 1,
  clientAddress: '127.0.0.1',
  userAgent: 'Test',
  action,
  targetType: 'payment',
  targetId: `PAY-000000000000000${id}`,
  changes: { status: { before: 'Pending', after: 'Success' } },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test("an orgadmin's Audit view: entries with their changes, filters sent on Apply, older pages on demand", async () => {
  const { requests } = routeFetch((request) => {
    if (request.path !== '/api/audit-events') return undefined;
    if (request.query['after'] === '5') return { body: { items: [entry(4, 'user.update')], next: null } };
    return { body: { items: [entry(5, 'payment.mark-paid')], next: '5' } };
  });
  render(<AuditLog superadmin={false} />);
  const audit = await screen.findByRole('region', { name: 'Audit' });
  const table = within(audit).getByRole('table', { name: 'Audit entries' });
  expect(await within(table).findByText('payment.mark-paid')).toBeTruthy();
  expect(within(table).getByText('status: Pending → Success')).toBeTruthy();
  expect(within(audit).queryByLabelText('Organisation')).toBeNull();

  fireEvent.click(within(audit).getByRole('button', { name: 'Load older entries' }));
  expect(await within(table).findByText('user.update')).toBeTruthy();
  expect(within(audit).queryByRole('button', { name: 'Load older entries' })).toBeNull();

  fireEvent.change(within(audit).getByLabelText('Action'), { target: { value: 'payment.' } });
  fireEvent.change(within(audit).getByLabelText('From'), { target: { value: '2026-11-01' } });
  fireEvent.click(within(audit).getByRole('button', { name: 'Apply' }));
  await waitFor(() =>
    expect(requests.at(-1)?.query).toMatchObject({ action: 'payment.', from: '2026-11-01T00:00:00.000Z', pageSize: '25' }),
  );
  expect(requests.at(-1)?.query).not.toHaveProperty('organisationId');
});
