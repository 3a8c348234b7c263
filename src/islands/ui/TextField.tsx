import type { InputHTMLAttributes, ReactNode } from 'react';
import FormField from './FormField.tsx';

type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'required' | 'className' | 'aria-invalid' | 'aria-describedby'
>;

export interface TextFieldProps extends InputAttributes {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  /** Marks the label and makes the input itself required. */
  required?: boolean;
  /** Class of the wrapping field (e.g. `field--wide`). */
  fieldClassName?: string;
  /** Class of the input; `input` unless told. */
  inputClassName?: string;
}

/** A labelled one-line input with its hint and error: the FormField + input pair most forms repeat. */
export default function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  required = false,
  fieldClassName,
  inputClassName = 'input',
  ...input
}: TextFieldProps) {
  return (
    <FormField label={label} required={required} error={error} hint={hint} className={fieldClassName}>
      {(control) => (
        <input
          {...control}
          {...input}
          className={inputClassName}
          required={required || undefined}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
