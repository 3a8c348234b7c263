import TextField from '../ui/TextField.tsx';

interface FullNameFieldProps {
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}

/** The user's Full Name, the same field on Create User and Edit User. */
export default function FullNameField({ value, error, onChange }: FullNameFieldProps) {
  return (
    <TextField
      label="Full Name"
      required
      error={error}
      name="name"
      autoComplete="off"
      maxLength={200}
      value={value}
      onValueChange={onChange}
    />
  );
}
