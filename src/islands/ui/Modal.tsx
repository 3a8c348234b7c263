import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { DismissIcon } from './icons.tsx';

export interface ModalProps {
  open: boolean;
  /** The heading, also the dialog's accessible name. */
  title: ReactNode;
  /** Called on Escape, the close button, or the native dialog cancel; the parent decides to close. */
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'md' | 'lg';
  /** Focused on open; by default the first field of the body. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

const FIRST_FIELD = '.modal__body :is(input, select, textarea, button, [tabindex]):not([disabled], [type="hidden"])';

/** A modal on the native <dialog>: labelled by its title, closed by Escape, focus returned on close. */
export default function Modal({ open, title, onClose, children, footer, size = 'md', initialFocusRef }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const previous = document.activeElement;
    returnFocusRef.current = previous instanceof HTMLElement ? previous : null;
    if (!dialog.open) dialog.showModal();
    // The browser would focus the header's close button; the first field is where work starts.
    const target = initialFocusRef?.current ?? dialog.querySelector<HTMLElement>(FIRST_FIELD);
    target?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // Browsers differ on where focus lands after close; put it back where the user was.
      returnFocusRef.current?.focus();
      returnFocusRef.current = null;
    };
  }, [open, initialFocusRef]);

  // Plain divs for header and footer: <header>/<footer> here would add stray banner landmarks.
  return (
    <dialog
      ref={dialogRef}
      className={size === 'lg' ? 'modal modal--lg' : 'modal'}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
      onCancel={(event) => {
        event.preventDefault(); // React state owns open/closed, not the browser
        onClose();
      }}
    >
      {open ? (
        <div className="modal__frame">
          <div className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
              <DismissIcon />
            </button>
          </div>
          <div className="modal__body">{children}</div>
          {footer ? <div className="modal__footer">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
