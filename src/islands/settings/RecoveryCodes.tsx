import CopyButton from './CopyButton.tsx';

/** The ten recovery codes, shown once right after enrolment, with one button to copy them all. */
export default function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  return (
    <div className="recovery-codes-panel">
      <p>Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone; they are not shown again.</p>
      <ol className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <CopyButton text={codes.join('\n')} what="recovery codes" />
    </div>
  );
}
