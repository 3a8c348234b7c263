import { CheckIcon, CopyIcon } from '../ui/icons.tsx';
import { useCopyFeedback } from '../ui/useCopyFeedback.ts';

export interface CopyButtonProps {
  text: string;
  /** What is copied, for the button's accessible name ('Copy Checkout URL'). */
  what: string;
}

/** Copies a value with the clipboard helper: 'Copied to clipboard', and a tick for 1.2 s (spec §8, §9). */
export default function CopyButton({ text, what }: CopyButtonProps) {
  const { copied, copy } = useCopyFeedback();
  return (
    <button type="button" className="btn" onClick={() => void copy(text)} disabled={text === ''} aria-label={`Copy ${what}`}>
      {copied ? <CheckIcon /> : <CopyIcon />}
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
