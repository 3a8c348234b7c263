import { expect, test } from 'vitest';
import { navigate, setNavigator } from '../../../src/lib/navigate.ts';

test('navigations go through the installed navigator until it is restored', () => {
  const seen: string[] = [];
  const restore = setNavigator((path, { replace }) => seen.push(`${replace ? 'replace' : 'assign'} ${path}`));
  navigate('/login', { replace: true });
  navigate('/dashboard/users');
  restore();
  expect(seen).toEqual(['replace /login', 'assign /dashboard/users']);
});
