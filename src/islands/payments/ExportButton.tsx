import { useRef, useState } from 'react';
import { failureToast, successToast } from '../../lib/action-toasts.ts';
import { exportPaymentsCsv, type ExportProgress } from '../../lib/api/payments.ts';
import { apiFiltersOf, type PaymentFilterState } from '../../lib/payment-filters.ts';
import { showToast } from '../../lib/stores/toasts.ts';

export const EXPORT_FAILED = 'Failed to export payments.';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Hands a file to the browser as a download. */
function download(file: Blob, fileName: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the file by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Export CSV": every payment matching the list's filters (not just the page), streamed from the server; while it
 * runs the button shows the rows and bytes received so far and can cancel.
 */
export default function ExportButton({ filters }: { filters: PaymentFilterState }) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ rows: 0, bytes: 0 });
    try {
      const { file, fileName } = await exportPaymentsCsv(apiFiltersOf(filters, new Date()), setProgress, controller.signal);
      download(file, fileName);
      showToast(successToast(`Exported ${fileName}`));
    } catch (error) {
      if (!controller.signal.aborted) showToast(failureToast(error, EXPORT_FAILED));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  if (progress === null) {
    return (
      <button type="button" className="btn btn--primary" onClick={() => void start()}>
        Export CSV
      </button>
    );
  }
  return (
    <div className="export-progress" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>
        Exporting… {progress.rows.toLocaleString('en-GH')} rows ({megabytes(progress.bytes)})
      </span>
      <button type="button" className="btn btn--sm" onClick={() => abort.current?.abort()}>
        Cancel
      </button>
    </div>
  );
}
