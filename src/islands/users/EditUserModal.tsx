import { useState } from 'react';
import { messageOr } from '../../lib/api/errors.ts';
import { uploadFile } from '../../lib/api/files.ts';
import type { User } from '../../lib/api/types.ts';
import { resetUserPassword, updateUser } from '../../lib/api/users.ts';
import { avatarSrc, placeholderAvatar } from '../../lib/avatar.ts';
import { MIN_PASSWORD_LENGTH } from '../../lib/constants.ts';
import type { FieldErrors } from '../../lib/field-rules.ts';
import { roleLabel } from '../../lib/roles.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import {
  AVATAR_UPLOAD_FAILED,
  UPDATE_FAILED,
  editSuccessMessage,
  editUserError,
  wantsPasswordReset,
  type EditUserForm,
} from '../../lib/user-forms.ts';
import FormField from '../ui/FormField.tsx';
import FullNameField from './FullNameField.tsx';
import FormModal from '../ui/FormModal.tsx';
import ImagePicker from '../ui/ImagePicker.tsx';

export interface EditUserModalProps {
  user: User;
  /** The All System Users screen (its success wording differs, docs/console.md#messages). */
  superadminScreen: boolean;
  /**
   * Editing your own account: no Reset Password here, since an admin reset signs the account out
   * (your own password changes in Settings, which keeps the session).
   */
  isSelf?: boolean;
  onClose: () => void;
  /** Called with the updated user once the details are saved (also when a password reset then fails). */
  onSaved: (user: User) => void;
  /** Called when everything asked for is done. */
  onDone: () => void;
}

/** 'Edit User': Full Name, Change Avatar (uploaded first), optional Reset Password. */
export default function EditUserModal({ user, superadminScreen, isSelf = false, onClose, onSaved, onDone }: EditUserModalProps) {
  const [form, setForm] = useState<EditUserForm>({ name: user.name, newPassword: '' });
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors<keyof EditUserForm>>({});
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const change = (key: keyof EditUserForm, value: string) => {
    setForm((was) => ({ ...was, [key]: value }));
    setErrors((was) => ({ ...was, [key]: undefined }));
  };

  const save = async (): Promise<void> => {
    let avatar: string | undefined;
    if (avatarFile) {
      try {
        avatar = (await uploadFile(avatarFile)).url;
      } catch {
        showToast({ type: 'error', message: AVATAR_UPLOAD_FAILED }); // the update stops here (docs/console.md#messages)
        return;
      }
    }
    let updated: User;
    try {
      updated = await updateUser(user.id, avatar === undefined ? { name: form.name.trim() } : { name: form.name.trim(), avatar });
    } catch (error) {
      showToast({ type: 'error', message: messageOr(error, UPDATE_FAILED) });
      return;
    }
    onSaved(updated);
    const resetting = wantsPasswordReset(form);
    if (resetting) {
      try {
        await resetUserPassword(user.id, form.newPassword);
      } catch (error) {
        showToast({ type: 'error', message: messageOr(error, UPDATE_FAILED) });
        setAvatarFile(null);
        return;
      }
    }
    showToast({ type: 'success', message: editSuccessMessage(resetting, superadminScreen) });
    onDone();
  };

  const submit = async () => {
    const problem = editUserError(form);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      setAttempt((was) => was + 1);
      return;
    }
    setBusy(true);
    try {
      await save();
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      title="Edit User"
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel="Save Changes"
      busy={busy}
      invalidAttempt={attempt}
    >
      <p className="form-intro">
        <span className="cell-strong">{user.email}</span> · {roleLabel(user.role)}
        {user.organisation ? ` · ${user.organisation.name}` : ''}
      </p>
      <FullNameField value={form.name} error={errors.name} onChange={(value) => change('name', value)} />
      <ImagePicker
        label="Change Avatar"
        file={avatarFile}
        onFileChange={setAvatarFile}
        currentSrc={avatarSrc(user.avatar, user.email)}
        currentAlt={`Current avatar of ${user.name || user.email}`}
        fallbackSrc={placeholderAvatar(user.email)}
        disabled={busy}
      />
      {isSelf ? (
        <p className="field__hint">
          To change your own password, use Change Password in <a href="/dashboard/settings">Settings</a>.
        </p>
      ) : (
        <FormField
          label="Reset Password"
          error={errors.newPassword}
          hint={`Optional. Leave blank to keep the current password; at least ${MIN_PASSWORD_LENGTH} characters.`}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              value={form.newPassword}
              onChange={(event) => change('newPassword', event.target.value)}
            />
          )}
        </FormField>
      )}
    </FormModal>
  );
}
