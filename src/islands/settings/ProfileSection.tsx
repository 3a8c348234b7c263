import { useState } from 'react';
import { messageOr } from '../../lib/api/errors.ts';
import { uploadFile } from '../../lib/api/files.ts';
import type { User } from '../../lib/api/types.ts';
import { updateMyProfile } from '../../lib/api/users.ts';
import { avatarSrc, placeholderAvatar } from '../../lib/avatar.ts';
import { roleLabel } from '../../lib/roles.ts';
import { PROFILE_FAILED, PROFILE_UPDATED } from '../../lib/settings-form.ts';
import { setSessionUser } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import { AVATAR_UPLOAD_FAILED, NAME_REQUIRED } from '../../lib/user-forms.ts';
import FormField from '../ui/FormField.tsx';
import ImagePicker from '../ui/ImagePicker.tsx';
import SettingsCard from './SettingsCard.tsx';
import { useGuardedSubmit } from './useGuardedSubmit.ts';

/** My Profile: the signed-in user's name and picture; the header follows the saved profile. */
export default function ProfileSection({ user }: { user: User }) {
  const [name, setName] = useState(user.name);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();

  const save = async () => {
    let avatar = user.avatar;
    if (file) {
      try {
        avatar = (await uploadFile(file)).url;
      } catch {
        showToast({ type: 'error', message: AVATAR_UPLOAD_FAILED });
        return;
      }
    }
    try {
      const updated = await updateMyProfile({ name: name.trim(), avatar });
      setSessionUser(updated);
      setName(updated.name);
      setFile(null);
      showToast({ type: 'success', message: PROFILE_UPDATED });
    } catch (failure) {
      showToast({ type: 'error', message: messageOr(failure, PROFILE_FAILED) });
    }
  };

  const { busy, submit } = useGuardedSubmit(() => {
    if (name.trim() !== '') return null;
    setError(NAME_REQUIRED);
    return 'input[name="name"]';
  }, save);

  return (
    <SettingsCard
      title="My Profile"
      description={
        <>
          Signed in as {user.email} · {roleLabel(user.role)}
        </>
      }
      busy={busy}
      submitLabel="Save Profile"
      busyLabel="Saving..."
      onSubmit={submit}
    >
      <ImagePicker
        label="Profile Picture"
        file={file}
        onFileChange={setFile}
        currentSrc={avatarSrc(user.avatar, user.email)}
        currentAlt="Your current profile picture"
        fallbackSrc={placeholderAvatar(user.email)}
        disabled={busy}
      />
      <FormField label="Full Name" required error={error}>
        {(control) => (
          <input
            {...control}
            className="input"
            name="name"
            autoComplete="name"
            required
            maxLength={200}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
    </SettingsCard>
  );
}
