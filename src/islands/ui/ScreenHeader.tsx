import type { ReactNode } from 'react';

export interface ScreenHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right (e.g. "Create ..."). */
  actions?: ReactNode;
}

/** The heading row every console screen starts with. */
export default function ScreenHeader({ title, description, actions }: ScreenHeaderProps) {
  return (
    <header className="screen-header">
      <div>
        <h1 className="screen-header__title">{title}</h1>
        {description ? <p className="screen-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="screen-header__actions">{actions}</div> : null}
    </header>
  );
}
