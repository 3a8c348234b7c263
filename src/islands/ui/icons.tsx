import type { ReactNode } from 'react';

// Small outline icons used inside buttons; decorative (aria-hidden), the button text names the action.

interface IconProps {
  d: string;
  size?: number;
  /** `miter` (the SVG default) keeps a pointed tip, e.g. on a chevron. */
  join?: 'round' | 'miter';
  strokeWidth?: string;
  /** Extra shapes drawn after the path. */
  children?: ReactNode;
}

/** A decorative 24×24 outline icon drawn in the text colour. */
export function Icon({ d, size = 16, join = 'round', strokeWidth = '2', children }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin={join}
      aria-hidden="true"
    >
      <path d={d} />
      {children}
    </svg>
  );
}

export function PlusIcon() {
  return <Icon d="M12 5v14M5 12h14" />;
}

export function CopyIcon() {
  return <Icon size={14} d="M9 9h11v11H9zM5 15H4V4h11v1" />;
}

export function CheckIcon() {
  return <Icon size={14} d="m5 12 5 5L20 7" />;
}

export function SearchIcon() {
  return <Icon d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-4.35-4.35" />;
}

export function CloseIcon() {
  return <Icon size={12} d="M6 6l12 12M18 6 6 18" />;
}

export function SunIcon() {
  return (
    <Icon
      size={18}
      d="M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
    />
  );
}

export function MoonIcon() {
  return <Icon size={18} d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />;
}

export function MenuIcon() {
  return <Icon size={20} d="M4 6h16M4 12h16M4 18h16" />;
}

export function ChevronDownIcon() {
  return <Icon join="miter" d="m6 9 6 6 6-6" />;
}

export function LogoutIcon() {
  return <Icon d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />;
}

/** The modal's close cross, larger than the chip's CloseIcon. */
export function DismissIcon() {
  return <Icon size={18} d="M6 6l12 12M18 6 6 18" />;
}

export function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <Icon d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z">
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </Icon>
  );
}
