import { useId, useState, type SubmitEvent } from 'react';
import { failureToast } from '../../lib/action-toasts.ts';
import { uploadOrganisationLogo } from '../../lib/api/organisations.ts';
import type { Organisation } from '../../lib/api/types.ts';
import { logoSrc, placeholderLogo } from '../../lib/logo.ts';
import { CHOOSE_LOGO, LOGO_FAILED, LOGO_UPDATED } from '../../lib/settings-form.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import ImagePicker from '../ui/ImagePicker.tsx';

export interface BrandingSectionProps {
  organisation: Organisation;
  /** A superadmin uploads through /organisations/{id}/logo, an orgadmin through my-organisation. */
  superadmin: boolean;
  onUploaded: (organisation: Organisation) => void;
}

/** Organisation Branding: the logo shown on receipts and invoices, with a preview and upload. */
export default function BrandingSection({ organisation, superadmin, onUploaded }: BrandingSectionProps) {
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const upload = async (chosen: File) => {
    try {
      const updated = await uploadOrganisationLogo(chosen, superadmin ? organisation.id : undefined);
      setFile(null);
      onUploaded(updated);
      showToast({ type: 'success', message: LOGO_UPDATED });
    } catch (failure) {
      showToast(failureToast(failure, LOGO_FAILED));
    }
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      setError(CHOOSE_LOGO);
      event.currentTarget.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
      return;
    }
    setBusy(true);
    void upload(file).finally(() => setBusy(false));
  };

  return (
    <section className="card settings-card" aria-labelledby={titleId}>
      <div className="settings-card__head">
        <h2 id={titleId} className="settings-card__title">
          Organisation Branding
        </h2>
        <p className="settings-card__description">The logo on {organisation.name}&rsquo;s receipts, invoices and checkout pages.</p>
      </div>
      <form className="form" noValidate onSubmit={submit}>
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
        <div className="settings-card__actions">
          <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Uploading...' : 'Upload Logo'}
          </button>
        </div>
      </form>
    </section>
  );
}
