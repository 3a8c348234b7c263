import type { ReactNode, SubmitEvent } from 'react';
import SettingsSection from './SettingsSection.tsx';

export interface SettingsCardProps {
  title: ReactNode;
  description: ReactNode;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** A settings card holding a form whose single action is its submit button. */
export default function SettingsCard({ title, description, busy, submitLabel, busyLabel, onSubmit, children }: SettingsCardProps) {
  return (
    <SettingsSection title={title} description={description}>
      <form className="form" noValidate onSubmit={onSubmit}>
        {children}
        <SettingsSubmit busy={busy} label={submitLabel} busyLabel={busyLabel} />
      </form>
    </SettingsSection>
  );
}

/** A settings form's action row: its submit button, disabled and relabelled while saving. */
export function SettingsSubmit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <div className="settings-card__actions">
      <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
