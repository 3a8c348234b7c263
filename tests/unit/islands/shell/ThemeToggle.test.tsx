// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import ThemeToggle from '../../../../src/islands/shell/ThemeToggle.tsx';
import { $theme, THEME_STORAGE_KEY } from '../../../../src/lib/stores/theme.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

test('switches between the dark and light themes and remembers the choice', () => {
  $theme.set('dark');
  render(<ThemeToggle />);
  fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
  expect(document.documentElement.dataset['theme']).toBe('light');
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
  expect(document.documentElement.dataset['theme']).toBe('dark');
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
});
