import type { NavItem } from '../../lib/navigation.ts';
import { isActivePath } from '../../lib/navigation.ts';
import BrandMark from './BrandMark.tsx';
import NavIcon from './NavIcon.tsx';

export interface SidebarProps {
  id: string;
  items: readonly NavItem[];
  activePath: string;
  open: boolean;
}

/**
 * The console's main navigation; the current page's link carries aria-current="page". Its column paints the
 * sidebar's background down the whole page while the navigation itself stays in view.
 */
export default function Sidebar({ id, items, activePath, open }: SidebarProps) {
  return (
    <div className="sidebar-column">
      <aside id={id} className={open ? 'sidebar is-open' : 'sidebar'}>
        <div className="sidebar__brand">
          <a className="brand" href="/dashboard">
            <BrandMark />
          </a>
        </div>
        <nav className="sidebar__nav" aria-label="Main">
          <ul className="sidebar__list">
            {items.map((item) => (
              <li key={item.href}>
                <a className="nav-link" href={item.href} aria-current={isActivePath(item.href, activePath) ? 'page' : undefined}>
                  <NavIcon href={item.href} />
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
    </div>
  );
}
