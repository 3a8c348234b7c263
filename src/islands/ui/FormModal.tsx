import { useEffect, useId, useRef, type ReactNode } from 'react';
import Modal from './Modal.tsx';

export interface FormModalProps {
  title: string;
  /** Called by Cancel, the close button and Escape (ignored while saving). */
  onClose: () => void;
  /** Called on submit (button or Enter); the browser's own validation bubbles are off. */
  onSubmit: () => void;
  submitLabel: string;
  /** The label of the button that closes without submitting ('Cancel'; 'Back' on a confirmation step). */
  cancelLabel?: string;
  busyLabel?: string;
  /** Saving: both buttons are disabled and the submit button says `busyLabel`. */
  busy?: boolean;
  /** Bump after a failed check: focus moves to the first invalid field. */
  invalidAttempt?: number;
  size?: 'md' | 'lg';
  children: ReactNode;
}

/** A modal holding one form, with Cancel and a submit button in its footer. Mount it to open it. */
export default function FormModal({
  title,
  onClose,
  onSubmit,
  submitLabel,
  cancelLabel = 'Cancel',
  busyLabel = 'Saving...',
  busy = false,
  invalidAttempt = 0,
  size = 'md',
  children,
}: FormModalProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (invalidAttempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidAttempt]);

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Modal
      open
      title={title}
      onClose={close}
      size={size}
      footer={
        <>
          <button type="button" className="btn" onClick={close} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="submit" form={formId} className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
