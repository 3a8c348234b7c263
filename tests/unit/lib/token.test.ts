import { afterEach, expect, test, vi } from 'vitest';
import { clearToken, getToken, setToken } from '../../../src/lib/token.ts';

afterEach(() => vi.unstubAllGlobals());

test('without browser storage the token helpers are harmless no-ops', () => {
  vi.stubGlobal('localStorage', undefined);
  expect(() => setToken('x')).not.toThrow();
  expect(getToken()).toBeNull();
  expect(() => clearToken()).not.toThrow();
});

test('a storage that throws (privacy mode) is treated as empty', () => {
  const throwing = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('denied');
    },
    removeItem: () => {
      throw new Error('denied');
    },
  };
  vi.stubGlobal('localStorage', throwing);
  expect(getToken()).toBeNull();
  expect(() => setToken('x')).not.toThrow();
  expect(() => clearToken()).not.toThrow();
});

test('the token lives under authToken', () => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  setToken('jwt');
  expect(store.get('authToken')).toBe('jwt');
  expect(getToken()).toBe('jwt');
  clearToken();
  expect(getToken()).toBeNull();
});
