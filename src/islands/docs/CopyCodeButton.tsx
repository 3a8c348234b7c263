import { useCopyFeedback } from '../ui/useCopyFeedback.ts';

/** The code blocks' Copy button for islands: 'Copied to clipboard', and 'Copied' for 1.2 s (docs/console.md#messages, #constants). */
export default function CopyCodeButton({ text }: { text: string }) {
  const { copied, copy } = useCopyFeedback();
  return (
    <button type="button" className="btn btn--sm code-block__copy" onClick={() => void copy(text)}>
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
