import { atom } from 'nanostores';

export type Theme = 'light' | 'dark';

/** localStorage key of the theme a person chose with the header's toggle; absent while the system's is followed. */
export const THEME_STORAGE_KEY = 'payrailTheme';

const LIGHT_QUERY = '(prefers-color-scheme: light)';

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** The theme the system asks for (dark when it says nothing). */
export function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia(LIGHT_QUERY).matches ? 'light' : 'dark';
}

/** The theme chosen with the toggle, or null when none was (or storage is unavailable). */
export function savedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
}

/** The theme the page is shown in: the root's data-theme, which the layout's head script sets before first paint. */
function shownTheme(): Theme {
  const value = typeof document === 'undefined' ? undefined : document.documentElement.dataset['theme'];
  return isTheme(value) ? value : (savedTheme() ?? systemTheme());
}

/** The theme the console shows now. */
export const $theme = atom<Theme>(shownTheme());

function show(theme: Theme): void {
  document.documentElement.dataset['theme'] = theme;
  $theme.set(theme);
}

/** Shows `theme` and remembers it as the person's choice, over the system's. */
export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private modes may refuse storage: the choice then lasts for this page only.
  }
  show(theme);
}

/** Follows the system's theme as it changes, while no choice is saved; returns the function that stops it. */
export function followSystemTheme(): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(LIGHT_QUERY);
  const follow = () => {
    if (savedTheme() === null) show(systemTheme());
  };
  query.addEventListener('change', follow);
  return () => query.removeEventListener('change', follow);
}
