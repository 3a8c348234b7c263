import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $theme, followSystemTheme, setTheme } from '../../lib/stores/theme.ts';
import { MoonIcon, SunIcon } from '../ui/icons.tsx';

/** The header's light/dark switch; until it is used the console follows the system's theme. */
export default function ThemeToggle() {
  const theme = useStore($theme);
  useEffect(() => followSystemTheme(), []);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
