import { useEffect, useState } from 'react';
import { COPIED_RESET_MS, copyWithToast } from '../../lib/copy-feedback.ts';

/** A Copy button's state: `copy(text)` copies with its toast, and `copied` is true for 1.2 s after (docs/console.md#constants). */
export function useCopyFeedback(failureMessage?: string) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async (text: string) => {
    if (await copyWithToast(text, failureMessage)) setCopied(true);
  };
  return { copied, copy };
}
