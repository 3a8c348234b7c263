import { useEffect, useState } from 'react';
import { COPIED_RESET_MS, copyText } from '../../lib/clipboard.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import { CheckIcon, CopyIcon } from '../ui/icons.tsx';

export interface ApiTokenCellProps {
  token: string;
  /** Organisation the token belongs to, for the copy button's name. */
  organisation: string;
}

/** The organisation's API token in monospace, cut to the cell's width (whole on hover), with a copy button. */
export default function ApiTokenCell({ token, organisation }: ApiTokenCellProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await copyText(token);
      setCopied(true);
      showToast({ type: 'success', message: 'Copied to clipboard' });
    } catch {
      showToast({ type: 'error', message: 'Could not copy the API token.' });
    }
  };

  if (!token) return <span className="cell-muted">—</span>;
  return (
    <div className="token-cell">
      <code className="token-cell__value" title={token}>
        {token}
      </code>
      <button type="button" className="icon-btn icon-btn--sm" onClick={() => void copy()} aria-label={`Copy API token of ${organisation}`}>
        {copied ? <CheckIcon /> : <CopyIcon />}
      </button>
    </div>
  );
}
