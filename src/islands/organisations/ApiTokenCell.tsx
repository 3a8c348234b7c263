import { CheckIcon, CopyIcon } from '../ui/icons.tsx';
import { useCopyFeedback } from '../ui/useCopyFeedback.ts';

export interface ApiTokenCellProps {
  token: string;
  /** Organisation the token belongs to, for the copy button's name. */
  organisation: string;
}

/** The organisation's API token in monospace, cut to the cell's width (whole on hover), with a copy button. */
export default function ApiTokenCell({ token, organisation }: ApiTokenCellProps) {
  const { copied, copy } = useCopyFeedback('Could not copy the API token.');

  if (!token) return <span className="cell-muted">—</span>;
  return (
    <div className="token-cell">
      <code className="token-cell__value" title={token}>
        {token}
      </code>
      <button
        type="button"
        className="icon-btn icon-btn--sm"
        onClick={() => void copy(token)}
        aria-label={`Copy API token of ${organisation}`}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
      </button>
    </div>
  );
}
