// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { $theme, THEME_STORAGE_KEY, followSystemTheme, savedTheme, setTheme, systemTheme } from '../../../../src/lib/stores/theme.ts';

/** A stand-in for the system's colour-scheme setting that can change while a test runs. */
function fakeSystem(initial: 'light' | 'dark') {
  let light = initial === 'light';
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: light)' && light;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    switchTo(theme: 'light' | 'dark') {
      light = theme === 'light';
      for (const listener of listeners) listener();
    },
    listening: () => listeners.size,
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset['theme'];
});

test("the system's theme is light only when it says so", () => {
  fakeSystem('light');
  expect(systemTheme()).toBe('light');
  fakeSystem('dark');
  expect(systemTheme()).toBe('dark');
});

test('a chosen theme is shown on the page, published and saved; junk in storage counts as no choice', () => {
  fakeSystem('dark');
  expect(savedTheme()).toBeNull();
  setTheme('light');
  expect(document.documentElement.dataset['theme']).toBe('light');
  expect($theme.get()).toBe('light');
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  expect(savedTheme()).toBe('light');
  localStorage.setItem(THEME_STORAGE_KEY, 'purple');
  expect(savedTheme()).toBeNull();
});

test("the page follows the system's changes until a theme is chosen", () => {
  const system = fakeSystem('dark');
  const stop = followSystemTheme();
  system.switchTo('light');
  expect(document.documentElement.dataset['theme']).toBe('light');
  expect($theme.get()).toBe('light');
  setTheme('dark');
  system.switchTo('light');
  expect(document.documentElement.dataset['theme']).toBe('dark');
  stop();
  expect(system.listening()).toBe(0);
});
