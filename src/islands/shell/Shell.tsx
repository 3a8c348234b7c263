import { useEffect, useState } from 'react';
import { navItemsForRole } from '../../lib/navigation.ts';
import { isSuperadmin } from '../../lib/roles.ts';
import { loadSession } from '../../lib/stores/session.ts';
import { MenuIcon } from '../ui/icons.tsx';
import UserMenu from './UserMenu.tsx';
import Sidebar from './Sidebar.tsx';
import ThemeToggle from './ThemeToggle.tsx';
import { useSession } from './useSession.ts';

export interface ShellProps {
  /** Path of the page being shown, to mark its sidebar link. */
  activePath: string;
}

const SIDEBAR_ID = 'console-sidebar';

/** Sidebar and header of the console; a blank dark screen until the session is known (then /login if none). */
export default function Shell({ activePath }: ShellProps) {
  const { status, user } = useSession();
  const [navOpen, setNavOpen] = useState(false);

  useEffect(() => {
    void loadSession();
  }, []);

  useEffect(() => {
    if (!navOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setNavOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [navOpen]);

  if (status !== 'authenticated' || !user) return <div className="session-splash" aria-busy="true" />;

  const context = isSuperadmin(user.role) ? 'Platform administration' : (user.organisation?.name ?? 'Organisation');
  return (
    <>
      <Sidebar id={SIDEBAR_ID} items={navItemsForRole(user.role)} activePath={activePath} open={navOpen} />
      <div className={navOpen ? 'sidebar-backdrop is-open' : 'sidebar-backdrop'} onClick={() => setNavOpen(false)} />
      <header className="topbar">
        <div className="topbar__context">
          <button
            type="button"
            className="icon-btn topbar__menu-toggle"
            aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
            aria-expanded={navOpen}
            aria-controls={SIDEBAR_ID}
            onClick={() => setNavOpen((was) => !was)}
          >
            <MenuIcon />
          </button>
          <span className="badge badge--accent">{context}</span>
        </div>
        <div className="topbar__actions">
          <ThemeToggle />
          <UserMenu user={user} />
        </div>
      </header>
    </>
  );
}
