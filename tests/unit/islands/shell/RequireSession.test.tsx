// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import RequireSession from '../../../../src/islands/shell/RequireSession.tsx';
import type { User } from '../../../../src/lib/api/types.ts';
import { $session } from '../../../../src/lib/stores/session.ts';

const orgadmin: User = {
  id: 2,
  name: 'Kofi',
  email: 'kofi@acme.test',
  role: 'orgadmin',
  avatar: null,
  orgId: 3,
  organisation: { id: 3, name: 'Acme' },
};

afterEach(() => {
  cleanup();
  $session.set({ status: 'loading', user: null });
});

test('renders nothing until the session is authenticated', () => {
  render(<RequireSession>{(user) => <p>Hello {user.name}</p>}</RequireSession>);
  expect(screen.queryByText('Hello Kofi')).toBeNull();
  act(() => $session.set({ status: 'anonymous', user: null }));
  expect(screen.queryByText('Hello Kofi')).toBeNull();
  act(() => $session.set({ status: 'authenticated', user: orgadmin }));
  expect(screen.getByText('Hello Kofi')).toBeTruthy();
});

test("once signed in, the screen takes the place of the page's own copy of its heading", () => {
  const early = document.createElement('section');
  early.setAttribute('data-early-heading', '');
  document.body.append(early);
  render(<RequireSession>{(user) => <p>Hello {user.name}</p>}</RequireSession>);
  expect(early.isConnected).toBe(true);
  act(() => $session.set({ status: 'anonymous', user: null }));
  expect(early.isConnected).toBe(true);
  act(() => $session.set({ status: 'authenticated', user: orgadmin }));
  expect(early.isConnected).toBe(false);
  expect(screen.getByText('Hello Kofi')).toBeTruthy();
});
