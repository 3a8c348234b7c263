import { badRequest, HttpError } from '../../errors.ts';
import { assertAllowedTargetSyntax, type TargetPolicy } from '../adapter/target-guard.ts';
import { optionalHttpUrl } from '../organisations/organisation-input.ts';

/** Private and loopback targets refused: the policy when a caller passes none. */
export const PUBLIC_TARGETS_ONLY: TargetPolicy = { allowPrivate: false, trustedOrigins: [] };

/**
 * A webhook endpoint URL as saved (callbackUrl, notifierUrl): blank clears it; otherwise http(s),
 * and not a literal private or loopback address unless ALLOW_PRIVATE_TARGETS (the worker checks the
 * resolved address again on every send).
 */
export function webhookEndpointUrl(value: string | null | undefined, field: string, targets: TargetPolicy): string | null | undefined {
  const url = optionalHttpUrl(value, field);
  if (url === undefined || url === null) return url;
  if (url.length > 2048) throw badRequest(`${field} must be at most 2048 characters.`);
  try {
    assertAllowedTargetSyntax(url, targets);
  } catch (error) {
    if (error instanceof HttpError) throw badRequest(`${field}: ${error.message}`);
    throw error;
  }
  return url;
}

export interface EndpointValues {
  callbackUrl?: string | null;
  notifierUrl?: string | null;
  callbackDisabledAt?: null;
  notifierDisabledAt?: null;
}

/**
 * The organisation columns for saved endpoint URLs — one rule for the organisation form and the
 * webhook configuration. Saving a URL (again) re-enables an endpoint that answered 410 Gone.
 */
export function endpointValues(
  input: { callbackUrl?: string | null | undefined; notifierUrl?: string | null | undefined },
  targets: TargetPolicy,
): EndpointValues {
  const values: EndpointValues = {};
  const callbackUrl = webhookEndpointUrl(input.callbackUrl, 'Callback URL', targets);
  const notifierUrl = webhookEndpointUrl(input.notifierUrl, 'Notifier URL', targets);
  if (callbackUrl !== undefined) Object.assign(values, { callbackUrl, callbackDisabledAt: null });
  if (notifierUrl !== undefined) Object.assign(values, { notifierUrl, notifierDisabledAt: null });
  return values;
}
