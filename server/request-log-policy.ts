// What production keeps of the requests it answers: read by the configuration, the request log line and api_logs.

/** What production keeps of the requests it answers (REQUEST_LOG_READS, API_LOG_READS; docs/configuration.md). */
export interface RequestLogPolicy {
  /** Share (0–1) of successful reads (GET, HEAD) that get their log line; every other request always gets one. */
  lineReads: number;
  /** Share (0–1) of successful reads recorded in api_logs; state-changing requests and failures always are. */
  apiLogReads: number;
}

export const DEFAULT_REQUEST_LOG_POLICY: RequestLogPolicy = { lineReads: 1, apiLogReads: 0.01 };

/** A read (GET, HEAD) answered without an error status: the requests production may sample. */
export function isSuccessfulRead(method: string, statusCode: number): boolean {
  return statusCode < 400 && (method === 'GET' || method === 'HEAD');
}

/**
 * Keeps `share` (0–1) of the calls, evenly spaced rather than at random (exactly 1 in 100 for 0.01, from the 100th
 * call on), so a test or an operator can tell which ones were kept.
 */
export function evenSampler(share: number): () => boolean {
  let credit = 0;
  return () => {
    if (share >= 1) return true;
    credit += share;
    if (credit < 1 - 1e-9) return false;
    credit -= 1;
    return true;
  };
}
