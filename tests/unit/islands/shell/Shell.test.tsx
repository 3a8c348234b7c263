// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import Shell from '../../../../src/islands/shell/Shell.tsx';
import type { User } from '../../../../src/lib/api/types.ts';
import { setNavigator } from '../../../../src/lib/navigate.ts';
import { $session } from '../../../../src/lib/stores/session.ts';
import { stubFetch } from '../../support/fetch.ts';

const superadmin: User = {
  id: 1,
  name: 'Ama Mensah',
  email: 'ama@payrail.test',
  role: 'superadmin',
  avatar: null,
  orgId: null,
  organisation: null,
};
const orgadmin: User = {
  id: 2,
  name: '',
  email: 'kofi@acme.test',
  role: 'orgadmin',
  avatar: 'http://cdn.example/k.png',
  orgId: 3,
  organisation: { id: 3, name: 'Acme Ltd' },
};

let navigations: string[];
let restoreNavigator: () => void;

beforeEach(() => {
  localStorage.clear();
  $session.set({ status: 'loading', user: null });
  navigations = [];
  restoreNavigator = setNavigator((path) => navigations.push(path));
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  restoreNavigator();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderSignedIn(user: User, activePath: string) {
  localStorage.setItem('authToken', 'jwt');
  stubFetch({ body: user });
  render(<Shell activePath={activePath} />);
  await screen.findByRole('navigation', { name: 'Main' });
}

test('while the session loads only the blank dark screen shows', async () => {
  localStorage.setItem('authToken', 'jwt');
  let answer: (response: Response) => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
  );
  const { container } = render(<Shell activePath="/dashboard" />);
  expect(container.querySelector('.session-splash')).toBeTruthy();
  expect(screen.queryByRole('navigation')).toBeNull();
  expect(screen.queryByRole('banner')).toBeNull();

  answer(Response.json(superadmin));
  await screen.findByRole('navigation', { name: 'Main' });
  expect(container.querySelector('.session-splash')).toBeNull();
});

test('a visitor without a token is sent to /login', async () => {
  render(<Shell activePath="/dashboard" />);
  await vi.waitFor(() => expect(navigations).toEqual(['/login']));
  expect(screen.queryByRole('navigation')).toBeNull();
});

test('superadmin sees the full sidebar with the current page marked', async () => {
  await renderSignedIn(superadmin, '/dashboard/users');
  const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
  expect(links.map((a) => a.textContent)).toEqual([
    'Dashboard',
    'Payments',
    'Banks',
    'Organisations',
    'Countries',
    'Currencies',
    'Gateways',
    'Providers',
    'Users',
    'System Logs',
    'Integration Docs',
    'AI Reporting',
    'Settings & Webhooks',
  ]);
  const current = links.filter((a) => a.getAttribute('aria-current') === 'page');
  expect(current.map((a) => a.getAttribute('href'))).toEqual(['/dashboard/users']);
});

test('the header shows avatar, name and role; an orgadmin without a name shows the e-mail', async () => {
  await renderSignedIn(orgadmin, '/dashboard');
  const account = within(screen.getByRole('banner')).getByRole('button', { name: /account menu/i });
  expect(account.textContent).toContain('kofi@acme.test');
  expect(account.textContent).toContain('Org Admin');
  expect(account.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/k.png');
  const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
  expect(links).toHaveLength(9);
});

test('the account menu opens with Logout, which signs out to /login', async () => {
  await renderSignedIn(superadmin, '/dashboard');
  const account = screen.getByRole('button', { name: /account menu/i });
  expect(account.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(account);
  expect(account.getAttribute('aria-expanded')).toBe('true');
  const logout = within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Logout' });
  expect(document.activeElement).toBe(logout);
  act(() => logout.click());
  expect(localStorage.getItem('authToken')).toBeNull();
  expect(navigations).toEqual(['/login']);
});

test('Escape closes the account menu and returns focus to its button', async () => {
  await renderSignedIn(superadmin, '/dashboard');
  const account = screen.getByRole('button', { name: /account menu/i });
  fireEvent.click(account);
  fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
  expect(screen.queryByRole('menu')).toBeNull();
  expect(document.activeElement).toBe(account);
});

test('an unknown role gets an empty sidebar', async () => {
  await renderSignedIn({ ...superadmin, role: 'auditor' as User['role'] }, '/dashboard');
  expect(within(screen.getByRole('navigation', { name: 'Main' })).queryAllByRole('link')).toHaveLength(0);
});
