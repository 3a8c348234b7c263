// Small outline icons used inside buttons; decorative (aria-hidden), the button text names the action.

function Icon({ d, size = 16 }: { d: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
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
