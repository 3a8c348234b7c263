import { useEffect, useState } from 'react';
import { COPIED_RESET_MS, copyText } from '../../lib/clipboard.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import { COPIED, COPY_FAILED } from '../../lib/webhook-settings.ts';
import { CheckIcon, CopyIcon } from '../ui/icons.tsx';

export interface CopyButtonProps {
  text: string;
  /** What is copied, for the button's accessible name ('Copy Checkout URL'). */
  what: string;
}

/** Copies a value with the clipboard helper: 'Copied to clipboard', and a tick for 1.2 s (spec §8, §9). */
export default function CopyButton({ text, what }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await copyText(text);
      setCopied(true);
      showToast({ type: 'success', message: COPIED });
    } catch {
      showToast({ type: 'error', message: COPY_FAILED });
    }
  };

  return (
    <button type="button" className="btn" onClick={() => void copy()} disabled={text === ''} aria-label={`Copy ${what}`}>
      {copied ? <CheckIcon /> : <CopyIcon />}
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
