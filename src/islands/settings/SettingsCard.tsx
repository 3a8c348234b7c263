import { useId, type ReactNode, type SubmitEvent } from 'react';

export interface SettingsCardProps {
  title: ReactNode;
  description: ReactNode;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** One settings card: a titled section holding a form whose single action is its submit button. */
export default function SettingsCard({ title, description, busy, submitLabel, busyLabel, onSubmit, children }: SettingsCardProps) {
  const titleId = useId();
  return (
    <section className="card settings-card" aria-labelledby={titleId}>
      <div className="settings-card__head">
        <h2 id={titleId} className="settings-card__title">
          {title}
        </h2>
        <p className="settings-card__description">{description}</p>
      </div>
      <form className="form" noValidate onSubmit={onSubmit}>
        {children}
        <div className="settings-card__actions">
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
    </section>
  );
}
