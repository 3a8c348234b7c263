import { useEffect, useId, useRef, useState } from 'react';
import type { User } from '../../lib/api/types.ts';
import { roleLabel } from '../../lib/roles.ts';
import { logout } from '../../lib/stores/session.ts';
import Avatar from '../ui/Avatar.tsx';

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
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {open ? (
        <div className="user-menu__list">
          <p className="user-menu__email">{user.email}</p>
          <ul id={menuId} role="menu" aria-label="Account" className="user-menu__items">
            <li role="none">
              <button ref={firstItemRef} type="button" role="menuitem" className="menu-item" onClick={logout}>
                <svg
                  width="16"
                  height="16"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
                </svg>
                Logout
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
