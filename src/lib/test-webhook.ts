// The Integration Docs' send-test-webhook tool (docs/console.md#screens, #validation, #messages): checks the form, signs the payload with
// HMAC-SHA256 (hex) in the browser and POSTs it straight to the destination. Not an API call of the
// console (the destination is any URL), so it lives here rather than in src/lib/api/.
import { DEFAULT_SIGNATURE_HEADER } from '../../isomorphic/outbound-signature.ts';
import { sign } from '../../isomorphic/signing.ts';
import type { ToastInput } from './stores/toasts.ts';

export { DEFAULT_SIGNATURE_HEADER };

export interface TestWebhookInput {
  url: string;
  secret: string;
  headerName: string;
  /** The JSON text exactly as it will be sent and signed. */
  payload: string;
}

export type TestWebhookField = keyof TestWebhookInput;

/** Why the form cannot be sent: a toast title and message, and the field to fix. */
export interface TestWebhookProblem {
  field: TestWebhookField;
  title: string;
  message: string;
}

export interface TestWebhookResult {
  /** A 2xx answer. */
  ok: boolean;
  status: number;
  /** The answer's body (the start of it). */
  body: string;
  /** The signature header value that was sent. */
  signature: string;
}

/** Thrown when no answer came back at all (unreachable destination, CORS, timeout). */
export class TestWebhookError extends Error {}

const HEADER_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const MAX_BODY_CHARS = 2000;
export const TEST_WEBHOOK_TIMEOUT_MS = 15_000;

/** The first problem of the form, in the spec's words for the two required fields; null when it can be sent. */
export function checkTestWebhook(input: TestWebhookInput): TestWebhookProblem | null {
  const url = input.url.trim();
  if (!url) return { field: 'url', title: 'Missing URL', message: 'Enter a destination URL' };
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    return { field: 'url', title: 'Invalid URL', message: 'Enter a full http:// or https:// destination URL.' };
  }
  if (!input.secret) return { field: 'secret', title: 'Missing secret', message: 'Enter a signing secret' };
  const header = input.headerName.trim();
  if (!header || !HEADER_TOKEN.test(header)) {
    return {
      field: 'headerName',
      title: 'Invalid header name',
      message: `Enter a header name such as ${DEFAULT_SIGNATURE_HEADER} (letters, digits and - only).`,
    };
  }
  try {
    JSON.parse(input.payload);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { field: 'payload', title: 'Invalid JSON', message: `The payload is not valid JSON: ${reason}` };
  }
  return null;
}

/** The signature the tool sends: lower-case hex HMAC-SHA256 of the exact payload text, keyed with the secret's UTF-8. */
export function testWebhookSignature(secret: string, payload: string): Promise<string> {
  return sign('sha256', secret, payload, 'hex');
}

/**
 * Signs and POSTs the payload (checked with checkTestWebhook first). Resolves with the destination's
 * answer, whatever its status; rejects with a TestWebhookError when none arrives.
 */
export async function sendTestWebhook(
  input: TestWebhookInput,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<TestWebhookResult> {
  const signature = await testWebhookSignature(input.secret, input.payload);
  const send = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await send(input.url.trim(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [input.headerName.trim()]: signature },
      body: input.payload,
      // Never send the console's own cookies or follow a redirect to somewhere else with the payload.
      credentials: 'omit',
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? TEST_WEBHOOK_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new TestWebhookError(
      timedOut
        ? `No answer from ${input.url.trim()} within ${Math.round((options.timeoutMs ?? TEST_WEBHOOK_TIMEOUT_MS) / 1000)} s.`
        : `The request did not complete: the destination is unreachable, or it does not allow cross-origin requests (CORS) from this console. (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  // A cross-origin redirect answer is opaque: status 0 and no body.
  if (response.type === 'opaqueredirect') {
    return { ok: false, status: 0, body: 'The destination answered with a redirect, which the tool does not follow.', signature };
  }
  const body = await response.text().catch(() => '');
  return { ok: response.ok, status: response.status, body: body.slice(0, MAX_BODY_CHARS), signature };
}

/** The toast for an outcome: 'Webhook delivered' (status), 'Webhook failed' (status and body) or 'Webhook error'. */
export function testWebhookToast(outcome: TestWebhookResult | { error: unknown }): ToastInput {
  if ('error' in outcome) {
    const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    return { type: 'error', title: 'Webhook error', message: message || 'Unknown error' };
  }
  if (outcome.ok) return { type: 'success', title: 'Webhook delivered', message: `HTTP ${outcome.status}` };
  const body = outcome.body.trim();
  return {
    type: 'error',
    title: 'Webhook failed',
    message: body ? `HTTP ${outcome.status}: ${body.slice(0, 300)}` : `HTTP ${outcome.status}`,
  };
}
