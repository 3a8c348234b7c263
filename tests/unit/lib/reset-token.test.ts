import { expect, test } from 'vitest';
import { resetTokenFromPath } from '../../../src/lib/reset-token.ts';

test('the token is the last segment of /reset-password/{token}', () => {
  expect(resetTokenFromPath('/reset-password/abc_DEF-123')).toBe('abc_DEF-123');
  expect(resetTokenFromPath('/reset-password/abc/')).toBe('abc');
  expect(resetTokenFromPath('/reset-password/a%20b')).toBe('a b');
});

test('paths without a token give null', () => {
  expect(resetTokenFromPath('/reset-password')).toBeNull();
  expect(resetTokenFromPath('/reset-password/')).toBeNull();
  expect(resetTokenFromPath('/login')).toBeNull();
  expect(resetTokenFromPath('/reset-password/a/b')).toBeNull();
});
