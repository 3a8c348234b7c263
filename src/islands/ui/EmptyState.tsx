import type { ReactNode } from 'react';
import { Icon } from './icons.tsx';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

/** Shown in place of a list that has nothing in it. */
export default function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <span className="empty-state__icon" aria-hidden="true">
        <Icon size={20} d="M3 7h18M3 12h18M3 17h10" />
      </span>
      <p className="empty-state__title">{title}</p>
      {description ? <p>{description}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
