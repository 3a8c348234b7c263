import { useId, type ReactNode } from 'react';
import CopyButton from './CopyButton.tsx';

export interface PublicUrlFieldProps {
  /** 'Public Checkout URL' or 'Public Record URL': the part's heading. */
  title: string;
  /** The field's label, e.g. 'Checkout URL'. */
  label: string;
  /** The URL as last fetched; '' until fetched, or when fetching failed (docs/console.md#states). */
  url: string;
  description: ReactNode;
  busy: boolean;
  onFetch: () => void;
  /** More buttons after Fetch and Copy (Rotate). */
  extra?: ReactNode;
}

/** One public URL of the organisation: read-only, fetched on demand, with Copy. */
export default function PublicUrlField({ title, label, url, description, busy, onFetch, extra }: PublicUrlFieldProps) {
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  return (
    <section className="raised-section webhook-part" aria-labelledby={titleId}>
      <h3 id={titleId} className="webhook-part__title">
        {title}
      </h3>
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          className="input input--code"
          readOnly
          value={url}
          placeholder="Not fetched yet"
          aria-describedby={hintId}
          onFocus={(event) => event.currentTarget.select()}
        />
        <p id={hintId} className="field__hint">
          {description}
        </p>
      </div>
      <div className="public-url__actions">
        <button type="button" className="btn" onClick={onFetch} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Fetching...' : `Fetch ${label}`}
        </button>
        <CopyButton text={url} what={label} />
        {extra}
      </div>
    </section>
  );
}
