import { useEffect, useId, useRef, useState } from 'react';
import type { User } from '../../lib/api/types.ts';
import { roleLabel } from '../../lib/roles.ts';
import { logout } from '../../lib/stores/session.ts';
import Avatar from '../ui/Avatar.tsx';
import { ChevronDownIcon, LogoutIcon } from '../ui/icons.tsx';

/** Avatar, name (or e-mail) and role, opening a menu with Logout. */
export default function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const firstItemRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    firstItemRef.current?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div
      className="user-menu"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <Avatar src={user.avatar} email={user.email} />
        <span className="user-menu__who">
          <span className="user-menu__name">{user.name || user.email}</span>
          <span className="user-menu__role">{roleLabel(user.role)}</span>
        </span>
        <span className="visually-hidden">Account menu</span>
        <ChevronDownIcon />
      </button>
      {open ? (
        <div className="user-menu__list">
          <p className="user-menu__email">{user.email}</p>
          <ul id={menuId} role="menu" aria-label="Account" className="user-menu__items">
            <li role="none">
              <button ref={firstItemRef} type="button" role="menuitem" className="menu-item" onClick={logout}>
                <LogoutIcon />
                Logout
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
