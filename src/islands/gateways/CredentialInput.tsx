import { useState, type ReactNode } from 'react';
import type { FieldControlProps } from '../ui/FormField.tsx';
import { EyeIcon } from '../ui/icons.tsx';

export interface CredentialInputProps {
  control: FieldControlProps;
  /** The field's label, for the show/hide button's name ('Show Secret Key'). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** A button after the input (the webhook secret's Generate). */
  action?: ReactNode;
}

/**
 * A write-only credential: a password input holding the server's mask ('••••abcd') until replaced, with
 * a button to show what is typed. Sending the mask back keeps the stored value; clearing it removes it.
 */
export default function CredentialInput({
  control,
  label,
  value,
  onChange,
  required,
  disabled,
  placeholder,
  action,
}: CredentialInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <div className="credential-input">
      <div className="credential-input__box">
        <input
          {...control}
          className="input credential-input__input"
          type={shown ? 'text' : 'password'}
          required={required}
          disabled={disabled}
          autoComplete="new-password"
          spellCheck={false}
          maxLength={500}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="icon-btn credential-input__toggle"
          aria-label={`Show ${label}`}
          aria-pressed={shown}
          disabled={disabled}
          onClick={() => setShown((was) => !was)}
        >
          <EyeIcon crossed={shown} />
        </button>
      </div>
      {action}
    </div>
  );
}
