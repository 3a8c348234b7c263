import { useState } from 'react';
import { messageOr } from '../../lib/api/errors.ts';
import { changePassword } from '../../lib/api/users.ts';
import { MIN_PASSWORD_LENGTH } from '../../lib/constants.ts';
import type { FieldErrors } from '../../lib/field-rules.ts';
import {
  EMPTY_PASSWORD_CHANGE,
  PASSWORD_CHANGED,
  PASSWORD_FAILED,
  passwordChangeError,
  type PasswordChangeForm,
} from '../../lib/settings-form.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import { setToken } from '../../lib/token.ts';
import FormField from '../ui/FormField.tsx';
import SettingsCard from './SettingsCard.tsx';
import { useGuardedSubmit } from './useGuardedSubmit.ts';

const FIELDS: readonly { key: keyof PasswordChangeForm; label: string; autoComplete: string; hint?: string }[] = [
  { key: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { key: 'newPassword', label: 'New Password', autoComplete: 'new-password', hint: `At least ${MIN_PASSWORD_LENGTH} characters.` },
  { key: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

/** Change Password: current, new (min 8) and confirmation; keeps the session alive with the fresh token. */
export default function PasswordSection() {
  const [form, setForm] = useState<PasswordChangeForm>(EMPTY_PASSWORD_CHANGE);
  const [errors, setErrors] = useState<FieldErrors<keyof PasswordChangeForm>>({});

  const save = async () => {
    try {
      const { access_token: token } = await changePassword(form.currentPassword, form.newPassword);
      // The server signs out older sessions, this one included: carry on with the fresh token.
      if (token) setToken(token);
      setForm(EMPTY_PASSWORD_CHANGE);
      showToast({ type: 'success', message: PASSWORD_CHANGED });
    } catch (error) {
      showToast({ type: 'error', message: messageOr(error, PASSWORD_FAILED) });
    }
  };

  const { busy, submit } = useGuardedSubmit(() => {
    const problem = passwordChangeError(form);
    if (!problem) return null;
    setErrors({ [problem.field]: problem.message });
    return `input[name="${problem.field}"]`;
  }, save);

  return (
    <SettingsCard
      title="Change Password"
      description="Other signed-in sessions are signed out when the password changes."
      busy={busy}
      submitLabel="Change Password"
      busyLabel="Changing..."
      onSubmit={submit}
    >
      {FIELDS.map(({ key, label, autoComplete, hint }) => (
        <FormField key={key} label={label} required error={errors[key]} hint={hint}>
          {(control) => (
            <input
              {...control}
              className="input"
              name={key}
              type="password"
              autoComplete={autoComplete}
              required
              value={form[key]}
              onChange={(event) => {
                const value = event.target.value;
                setForm((was) => ({ ...was, [key]: value }));
                setErrors((was) => ({ ...was, [key]: undefined }));
              }}
            />
          )}
        </FormField>
      ))}
    </SettingsCard>
  );
}
