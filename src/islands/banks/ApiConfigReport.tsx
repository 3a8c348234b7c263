import type { ApiConfigReport as Report } from '../../lib/bank-form.ts';
import { issueLocation } from '../../lib/bank-form.ts';

export interface ApiConfigReportProps {
  /** The id of the one-line summary, which the textarea points to with aria-describedby. */
  summaryId: string;
  report: Report;
}

/** The shared validator's verdict on the API config, under the textarea: errors first, then hints. */
export default function ApiConfigReport({ summaryId, report }: ApiConfigReportProps) {
  const { valid, errors, hints } = report;
  const summary = valid
    ? hints.length === 0
      ? 'Config is valid.'
      : `Config is valid, with ${hints.length} suggestion${hints.length === 1 ? '' : 's'}.`
    : `${errors.length} problem${errors.length === 1 ? '' : 's'} to fix before the server accepts this config.`;
  return (
    <div className={valid ? 'config-report is-valid' : 'config-report is-invalid'} data-testid="api-config-report">
      <p id={summaryId} className="config-report__summary" aria-live="polite">
        <span className="config-report__dot" aria-hidden="true" />
        {summary}
      </p>
      {errors.length > 0 ? (
        <ul className="config-report__list" aria-label="Config errors">
          {errors.map((issue, index) => (
            <li key={`e${index}`} className="config-report__item config-report__item--error">
              {issueLocation(issue) ? <code className="config-report__path">{issueLocation(issue)}</code> : null}
              <span>{issue.message}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {hints.length > 0 ? (
        <ul className="config-report__list" aria-label="Config hints">
          {hints.map((issue, index) => (
            <li key={`h${index}`} className="config-report__item config-report__item--hint">
              {issueLocation(issue) ? <code className="config-report__path">{issueLocation(issue)}</code> : null}
              <span>{issue.message}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
