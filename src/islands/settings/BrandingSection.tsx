import { useState } from 'react';
import { failureToast } from '../../lib/action-toasts.ts';
import { uploadOrganisationLogo } from '../../lib/api/organisations.ts';
import type { Organisation } from '../../lib/api/types.ts';
import { logoSrc, placeholderLogo } from '../../lib/logo.ts';
import { CHOOSE_LOGO, LOGO_FAILED, LOGO_UPDATED } from '../../lib/settings-form.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import ImagePicker from '../ui/ImagePicker.tsx';
import SettingsCard from './SettingsCard.tsx';
import { useGuardedSubmit } from './useGuardedSubmit.ts';

export interface BrandingSectionProps {
  organisation: Organisation;
  /** A superadmin uploads through /organisations/{id}/logo, an orgadmin through my-organisation. */
  superadmin: boolean;
  onUploaded: (organisation: Organisation) => void;
}

/** Organisation Branding: the logo shown on receipts and invoices, with a preview and upload. */
export default function BrandingSection({ organisation, superadmin, onUploaded }: BrandingSectionProps) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();

  const upload = async () => {
    if (!file) return;
    try {
      const updated = await uploadOrganisationLogo(file, superadmin ? organisation.id : undefined);
      setFile(null);
      onUploaded(updated);
      showToast({ type: 'success', message: LOGO_UPDATED });
    } catch (failure) {
      showToast(failureToast(failure, LOGO_FAILED));
    }
  };

  const { busy, submit } = useGuardedSubmit(() => {
    if (file) return null;
    setError(CHOOSE_LOGO);
    return 'input[type="file"]';
  }, upload);

  return (
    <SettingsCard
      title="Organisation Branding"
      description={<>The logo on {organisation.name}&rsquo;s receipts, invoices and checkout pages.</>}
      busy={busy}
      submitLabel="Upload Logo"
      busyLabel="Uploading..."
      onSubmit={submit}
    >
      <ImagePicker
        label="Organisation Logo"
        shape="square"
        file={file}
        onFileChange={(chosen) => {
          setFile(chosen);
          setError(undefined);
        }}
        currentSrc={logoSrc(organisation.logoUrl, organisation.name)}
        currentAlt={organisation.logoUrl ? `${organisation.name} logo` : `${organisation.name} has no logo yet`}
        fallbackSrc={placeholderLogo(organisation.name)}
        error={error}
        disabled={busy}
      />
    </SettingsCard>
  );
}
