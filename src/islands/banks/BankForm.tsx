import { useEffect, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import { failureToast } from '../../lib/action-toasts.ts';
import { uploadFile } from '../../lib/api/files.ts';
import {
  BANK_CODE_INPUT_MAX,
  BANK_NAME_MAX,
  INVALID_API_CONFIG,
  LOGO_UPLOAD_FAILED,
  checkBankForm,
  logoFileProblem,
  newBankForm,
  type BankField,
  type BankFormValues,
  type BankPayload,
} from '../../lib/bank-form.ts';
import { firstErrorField, type FieldErrors } from '../../lib/field-rules.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import FormField from '../ui/FormField.tsx';
import JsonConfigEditor from '../ui/JsonConfigEditor.tsx';
import BankLogo from './BankLogo.tsx';

const FIELD_ORDER: readonly BankField[] = ['name', 'code', 'logoUrl', 'apiConfig'];

export interface BankFormProps {
  /** Starting values (a new bank's defaults when omitted). */
  initial?: BankFormValues;
  /** Unique on the page (e.g. 'bank-12'): names the API config editor's model. */
  editorName: string;
  submitLabel: string;
  busyLabel: string;
  /** Sends the checked payload; resolves true when it was saved (the form is then done with). */
  onSubmit: (payload: BankPayload) => Promise<boolean>;
  onCancel: () => void;
  /** Extra buttons at the left of the form's footer (e.g. Delete). */
  extraActions?: ReactNode;
}

/** The create and edit form of a bank: name, code, logo (URL or upload) and the API config JSON, checked live. */
export default function BankForm({ initial, editorName, submitLabel, busyLabel, onSubmit, onCancel, extraActions }: BankFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<BankFormValues>(() => initial ?? newBankForm());
  const [errors, setErrors] = useState<FieldErrors<BankField>>({});
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  // Opening the form (Add Bank, Edit) puts the cursor in its first field.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[name="name"]')?.focus();
  }, []);

  const change = (field: BankField, value: string) => {
    setValues((was) => ({ ...was, [field]: value }));
    setErrors((was) => ({ ...was, [field]: undefined }));
  };

  const upload = async (file: File) => {
    const problem = logoFileProblem(file);
    if (problem) {
      setErrors((was) => ({ ...was, logoUrl: problem }));
      return;
    }
    setUploading(true);
    try {
      const { url } = await uploadFile(file);
      change('logoUrl', url);
    } catch (error) {
      showToast(failureToast(error, LOGO_UPLOAD_FAILED));
    } finally {
      setUploading(false);
    }
  };

  const save = async () => {
    const checked = checkBankForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      if (checked.invalidJson) showToast({ type: 'error', message: INVALID_API_CONFIG });
      const field = firstErrorField(checked.errors, FIELD_ORDER);
      // The config editor's own text area (Monaco's, or the plain one before it loads) takes the focus.
      const target = field === 'apiConfig' ? '.bank-form__config textarea' : `[name="${field}"]`;
      if (field) formRef.current?.querySelector<HTMLElement>(target)?.focus();
      return;
    }
    setValues((was) => ({ ...was, code: checked.value.code, name: checked.value.name }));
    setBusy(true);
    const saved = await onSubmit(checked.value);
    // A saved form is unmounted by its parent; a refused one stays for another try.
    if (!saved) setBusy(false);
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy && !uploading) void save();
  };

  const disabled = busy || uploading;
  return (
    <form ref={formRef} className="form bank-form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <div className="bank-form__fields">
        <FormField label="Name" required error={errors.name}>
          {(control) => (
            <input
              {...control}
              name="name"
              className="input"
              type="text"
              required
              maxLength={BANK_NAME_MAX}
              autoComplete="off"
              placeholder="e.g. GCB Bank"
              value={values.name}
              onChange={(event) => change('name', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Code" required error={errors.code} hint="Upper-cased when saved, e.g. GCB.">
          {(control) => (
            <input
              {...control}
              name="code"
              className="input input--code"
              type="text"
              required
              maxLength={BANK_CODE_INPUT_MAX}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="GCB"
              value={values.code}
              onChange={(event) => change('code', event.target.value)}
            />
          )}
        </FormField>
        <div className="bank-form__logo">
          <BankLogo logoUrl={values.logoUrl} name={values.name || values.code || '?'} size="lg" />
          <div className="bank-form__logo-fields">
            <FormField label="Logo URL" error={errors.logoUrl} hint="An image URL, or upload a PNG, JPEG or GIF up to 2 MB.">
              {(control) => (
                <input
                  {...control}
                  name="logoUrl"
                  className="input"
                  type="url"
                  maxLength={2048}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="https://cdn.example/logo.png"
                  value={values.logoUrl}
                  onChange={(event) => change('logoUrl', event.target.value)}
                />
              )}
            </FormField>
            <label className={disabled ? 'btn btn--sm file-button is-disabled' : 'btn btn--sm file-button'}>
              <input
                className="visually-hidden"
                type="file"
                accept="image/png,image/jpeg,image/gif"
                disabled={disabled}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void upload(file);
                }}
              />
              {uploading ? 'Uploading...' : 'Upload logo'}
            </label>
          </div>
        </div>
      </div>
      <div className="bank-form__config">
        <JsonConfigEditor
          label="API config (JSON)"
          required
          value={values.apiConfig}
          onChange={(value) => change('apiConfig', value)}
          modelName={editorName}
          error={errors.apiConfig}
          readOnly={busy}
          height={360}
          hint="The generic HTTP adapter's config, as for gateways: baseUrl, auth, webhook, init and verify."
        />
      </div>
      <div className="bank-form__actions">
        <div className="bank-form__extra">{extraActions}</div>
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={disabled} aria-busy={busy || undefined}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
