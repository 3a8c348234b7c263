import { CheckIcon, CopyIcon } from '../ui/icons.tsx';
import { useCopyFeedback } from '../ui/useCopyFeedback.ts';

export interface CopyButtonProps {
  text: string;
  /** What is copied, for the button's accessible name ('Copy Checkout URL'). */
  what: string;
}

/** Copies a value with the clipboard helper: 'Copied to clipboard', and a tick for 1.2 s (docs/console.md#messages, #constants). */
export default function CopyButton({ text, what }: CopyButtonProps) {
  const { copied, copy } = useCopyFeedback();
  const label = copied ? 'Copied' : 'Copy';
  // The accessible name starts with the visible word, 'Copied' included (WCAG 2.5.3, label in name).
  return (
    <button type="button" className="btn" onClick={() => void copy(text)} disabled={text === ''} aria-label={`${label} ${what}`}>
      {copied ? <CheckIcon /> : <CopyIcon />}
      {label}
    </button>
  );
}
