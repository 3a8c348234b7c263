// Rules and texts of Settings → Webhook Configuration (docs/console.md#screens Settings, #entities Organisation settings, #states, #calls, #messages), free of React.
import type { WebhookConfig, WebhookConfigPatch } from './api/webhooks.ts';
import { blankToNull, isHttpUrl, type Checked, type FieldErrors } from './field-rules.ts';
export { COPIED_TO_CLIPBOARD as COPIED, COPY_REFUSED as COPY_FAILED } from './copy-feedback.ts';

// Texts the spec quotes, verbatim.
export const WEBHOOK_SETTINGS_SAVED = 'Webhook settings saved successfully!';
export const WEBHOOK_SETTINGS_FAILED = 'Failed to save webhook settings.';
export const WEBHOOK_SECURITY_SAVED = 'Webhook security saved.';
export const WEBHOOK_SECURITY_FAILED = 'Failed to save webhook security.';
export const SECRET_GENERATED = 'Secret generated. Remember to save.';
export const CHECKOUT_URL_FETCHED = 'Checkout URL fetched.';
export const CHECKOUT_URL_FAILED = 'Failed to fetch checkout URL.';
export const CHECKOUT_URL_ROTATED = 'Checkout URL rotated.';
export const CHECKOUT_ROTATE_FAILED = 'Failed to rotate checkout token.';
export const RECORD_URL_FETCHED = 'Record URL fetched.';
export const RECORD_URL_FAILED = 'Failed to fetch record URL.';

// Texts of our own.
export const WEBHOOK_CONFIG_LOAD_FAILED = 'Webhook settings could not be loaded.';
export const TEST_EVENT_QUEUED = 'Test event queued for delivery.';
export const TEST_EVENT_FAILED = 'Failed to send test event.';
export const RESEND_QUEUED = 'Delivery queued again.';
export const RESEND_FAILED = 'Failed to resend delivery.';
export const ROTATE_QUESTION =
  'Rotate the checkout token? The current Checkout URL and Record URL stop working at once; anyone using them needs the new ones.';
export const CALLBACK_URL_INVALID = 'Callback URL must be an http(s) URL.';
export const NOTIFIER_URL_INVALID = 'Notifier URL must be an http(s) URL.';
export const SECRET_INVALID = 'The signing secret must start with whsec_ (use Generate).';
export const HEADER_REQUIRED = 'Enter a header name.';
export const HEADER_INVALID = 'Use letters, digits and - only (an HTTP header name).';

/** Header defaults (docs/console.md#entities: product-prefixed -Signature and -Timestamp headers; docs/decisions.md#outbound-webhooks). */
export const DEFAULT_SIGNATURE_HEADER = 'X-Payrail-Signature';
export const DEFAULT_TIMESTAMP_HEADER = 'X-Payrail-Timestamp';
export const HEADER_NAME_MAX = 100;
export const URL_MAX = 2048;

/** The callback and notifier form. */
export interface WebhookSettingsForm {
  callbackUrl: string;
  notifierUrl: string;
  autoNotify: boolean;
}

/** The Outbound Signing form; `webhookSecret` starts as the server's masked hint ('' when none). */
export interface WebhookSecurityForm {
  webhookSecret: string;
  outboundHeaderName: string;
  outboundTimestampHeader: string;
}

export type WebhookSettingsField = 'callbackUrl' | 'notifierUrl';
export type WebhookSecurityField = keyof WebhookSecurityForm;

/** The callback and notifier form's starting values. */
export function webhookSettingsForm(config: WebhookConfig): WebhookSettingsForm {
  return { callbackUrl: config.callbackUrl ?? '', notifierUrl: config.notifierUrl ?? '', autoNotify: config.autoNotify };
}

/** The Outbound Signing form's starting values, with the default header names when none are set. */
export function webhookSecurityForm(config: WebhookConfig): WebhookSecurityForm {
  return {
    webhookSecret: config.webhookSecret ?? '',
    outboundHeaderName: config.outboundHeaderName || DEFAULT_SIGNATURE_HEADER,
    outboundTimestampHeader: config.outboundTimestampHeader || DEFAULT_TIMESTAMP_HEADER,
  };
}

/** Checks the callback and notifier form; the payload sends the callback URL as `webhookUrl` (docs/console.md#calls). */
export function checkWebhookSettings(form: WebhookSettingsForm): Checked<WebhookConfigPatch, WebhookSettingsField> {
  const errors: FieldErrors<WebhookSettingsField> = {};
  if (form.callbackUrl.trim() !== '' && !isHttpUrl(form.callbackUrl)) errors.callbackUrl = CALLBACK_URL_INVALID;
  if (form.notifierUrl.trim() !== '' && !isHttpUrl(form.notifierUrl)) errors.notifierUrl = NOTIFIER_URL_INVALID;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { webhookUrl: blankToNull(form.callbackUrl), notifierUrl: blankToNull(form.notifierUrl), autoNotify: form.autoNotify },
  };
}

// RFC 9110 field-name token characters.
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

function headerProblem(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return HEADER_REQUIRED;
  return HEADER_NAME.test(trimmed) && trimmed.length <= HEADER_NAME_MAX ? undefined : HEADER_INVALID;
}

/**
 * Checks the Outbound Signing form. The secret is sent as it stands: the unchanged masked hint keeps the
 * stored secret, '' clears it, anything else must be a `whsec_` secret (the server checks the rest).
 */
export function checkWebhookSecurity(
  form: WebhookSecurityForm,
  maskedHint: string | null,
): Checked<WebhookConfigPatch, WebhookSecurityField> {
  const errors: FieldErrors<WebhookSecurityField> = {};
  const secret = form.webhookSecret.trim();
  if (secret !== '' && secret !== maskedHint && !secret.startsWith('whsec_')) errors.webhookSecret = SECRET_INVALID;
  const signature = headerProblem(form.outboundHeaderName);
  if (signature) errors.outboundHeaderName = signature;
  const timestamp = headerProblem(form.outboundTimestampHeader);
  if (timestamp) errors.outboundTimestampHeader = timestamp;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      webhookSecret: secret === '' ? null : secret,
      outboundHeaderName: form.outboundHeaderName.trim(),
      outboundTimestampHeader: form.outboundTimestampHeader.trim(),
    },
  };
}

/** Badge classes of a delivery status: Success green, on its way (Pending, Retrying) amber, given up (Failed, Disabled) red. */
export function deliveryStatusClass(status: string): string {
  if (status === 'Success') return 'badge badge--success';
  if (status === 'Pending' || status === 'Retrying') return 'badge badge--warning';
  return 'badge badge--danger';
}

/**
 * How soon the Delivery Logs should look again, or null: soon while a delivery is Pending, and around the
 * next attempt of a Retrying one due within a minute; later retries are left to a manual refresh.
 */
export function deliveryRefreshMs(deliveries: readonly { status: string; nextAttemptAt: string | null }[], now: number): number | null {
  let soonest: number | null = null;
  for (const delivery of deliveries) {
    let wait: number | null = null;
    if (delivery.status === 'Pending') wait = 1500;
    else if (delivery.status === 'Retrying' && delivery.nextAttemptAt) {
      const due = new Date(delivery.nextAttemptAt).getTime() - now;
      if (Number.isFinite(due) && due <= 60_000) wait = Math.max(1500, due + 1000);
    }
    if (wait !== null && (soonest === null || wait < soonest)) soonest = wait;
  }
  return soonest;
}

// ---------- Recover (resend every failed delivery since a time) ----------

export const RECOVER_FAILED = 'Failed to resend failed deliveries.';
export const RECOVER_SINCE_INVALID = 'Choose a date and time in the past.';
export const ATTEMPTS_LOAD_FAILED = 'Failed to load the delivery attempts.';

/** A `datetime-local` value (local time, to the minute) of `date`. */
export function localDateTimeValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The ISO time of a `datetime-local` value, or null when it is empty, unreadable or in the future. */
export function recoverSince(value: string, now: number): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || date.getTime() > now) return null;
  return date.toISOString();
}

/** The toast after a recover call. */
export function recoverResultText(result: { requeued: number; more: boolean; limit: number }): string {
  const queued =
    result.requeued === 0
      ? 'No failed deliveries to resend since then.'
      : `${result.requeued} failed ${result.requeued === 1 ? 'delivery' : 'deliveries'} queued again.`;
  return result.more ? `${queued} More remain (at most ${result.limit} a time): resend again.` : queued;
}
