import { isSuperadmin } from '../../lib/roles.ts';
import { useSession } from '../shell/useSession.ts';

export interface DocsNavItem {
  href: string;
  title: string;
  audience: 'all' | 'superadmin';
}

export interface DocsNavProps {
  items: DocsNavItem[];
  /** The page being shown. */
  activeHref: string;
}

/** The chapter list; superadmin-only chapters appear for superadmins once the session is known. */
export default function DocsNav({ items, activeHref }: DocsNavProps) {
  const { user } = useSession();
  const superadmin = isSuperadmin(user?.role);
  const visible = items.filter((item) => item.audience === 'all' || superadmin);
  return (
    <nav className="docs-nav" aria-label="Integration docs chapters">
      <ol className="docs-nav__list">
        {visible.map((item) => (
          <li key={item.href}>
            <a
              className={item.href === activeHref ? 'docs-nav__link is-active' : 'docs-nav__link'}
              href={item.href}
              aria-current={item.href === activeHref ? 'page' : undefined}
            >
              {item.title}
              {item.audience === 'superadmin' ? <span className="docs-nav__tag">Superadmin</span> : null}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
