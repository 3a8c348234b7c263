import { useRef, type ReactNode } from 'react';
import Modal from './Modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' for destructive actions (the default: deletes are what this guards). */
  tone?: 'danger' | 'primary';
  /** Disables both buttons while the confirmed action runs. */
  busy?: boolean;
  /** Below the message: what the action may take besides a yes (a reason field). */
  children?: ReactNode;
}

/** Asks before a destructive action; focus starts on Cancel so Enter never deletes by accident. */
export default function ConfirmDialog({
  open,
  message,
  onConfirm,
  onCancel,
  title = 'Please confirm',
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  tone = 'danger',
  busy = false,
  children,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      initialFocusRef={cancelRef}
      footer={
        <>
          <button ref={cancelRef} type="button" className="btn" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className={tone === 'danger' ? 'btn btn--danger' : 'btn btn--primary'} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="confirm__message">{message}</p>
      {children ? <div className="confirm__extra">{children}</div> : null}
    </Modal>
  );
}
