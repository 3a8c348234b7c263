export interface SwitchProps {
  checked: boolean;
  /** Accessible name, e.g. 'Kenya enabled'; the on/off state is announced from aria-checked. */
  label: string;
  onChange: (checked: boolean) => void;
  /** While a change is being saved: the switch is disabled and marked busy. */
  busy?: boolean;
  disabled?: boolean;
  /** Visible words next to the track. */
  onText?: string;
  offText?: string;
}

/** An on/off switch (a button with role="switch"): Space or Enter toggles it. */
export default function Switch({
  checked,
  label,
  onChange,
  busy = false,
  disabled = false,
  onText = 'Enabled',
  offText = 'Disabled',
}: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      className={checked ? 'switch is-on' : 'switch'}
      disabled={disabled || busy}
      onClick={() => onChange(!checked)}
    >
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      <span className="switch__text" aria-hidden="true">
        {checked ? onText : offText}
      </span>
    </button>
  );
}
