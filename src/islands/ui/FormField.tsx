import { useId, type ReactNode } from 'react';

/** Attributes the field hands its control so the label, hint and error are tied to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  label: string;
  /** Shown under the control and announced with it; marks the control invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Adds a visual marker to the label (the control itself carries `required`). */
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled form control with an optional hint and error, wired up for assistive technology. */
export default function FormField({ label, error, hint, required = false, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** The label's marker of a required field (the control itself carries `required`). */
export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="field__required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

interface FieldMessagesProps {
  hint?: ReactNode;
  hintId: string;
  error?: string | undefined;
  errorId: string;
}

/** The field's hint and error under its control, with the ids its aria-describedby points at. */
export function FieldMessages({ hint, hintId, error, errorId }: FieldMessagesProps) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}
