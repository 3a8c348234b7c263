import { useEffect, useState } from 'react';
import { COPIED_RESET_MS, copyWithToast } from '../../lib/copy-feedback.ts';

/** The code blocks' Copy button for islands: 'Copied to clipboard', and 'Copied' for 1.2 s (spec §8, §9). */
export default function CopyCodeButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="btn btn--sm code-block__copy"
      onClick={() => {
        void copyWithToast(text).then((ok) => {
          if (ok) setCopied(true);
        });
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/** A plain code block with its Copy button (runtime samples; the static chapters are highlighted at build time). */
export function CodeSample({ code, label }: { code: string; label: string }) {
  return (
    <div className="code-block">
      <pre className="code-block__plain" tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
      <CopyCodeButton text={code} />
    </div>
  );
}
