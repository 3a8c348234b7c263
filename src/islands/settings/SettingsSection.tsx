import { useId, type ReactNode } from 'react';

export interface SettingsSectionProps {
  title: ReactNode;
  description: ReactNode;
  /** Added after `card settings-card` (e.g. `receipt-numbering`). */
  className?: string;
  children: ReactNode;
}

/** One settings card: a section named by its heading, with a one-line description under it. */
export default function SettingsSection({ title, description, className, children }: SettingsSectionProps) {
  const titleId = useId();
  return (
    <section className={className ? `card settings-card ${className}` : 'card settings-card'} aria-labelledby={titleId}>
      <div className="settings-card__head">
        <h2 id={titleId} className="settings-card__title">
          {title}
        </h2>
        <p className="settings-card__description">{description}</p>
      </div>
      {children}
    </section>
  );
}
