// The API tokens panel's texts and choices (docs/console.md#screens), free of any framework.
import type { ApiToken } from './api/api-tokens.ts';
import { formatLogTime } from './system-logs.ts';

/** The grace periods offered when rolling a token; the server accepts 0–720 hours. */
export const GRACE_CHOICES = [
  { value: '0', label: 'Revoke now (no grace period)' },
  { value: '1', label: '1 hour' },
  { value: '24', label: '24 hours' },
  { value: '72', label: '3 days' },
  { value: '168', label: '7 days' },
  { value: '720', label: '30 days' },
] as const;
export type GraceChoice = (typeof GRACE_CHOICES)[number]['value'];
export const DEFAULT_GRACE_CHOICE: GraceChoice = '24';

export const API_TOKENS_LOAD_FAILED = 'Failed to load API tokens.';
export const API_TOKEN_ROLL_FAILED = 'Failed to roll API token.';
export const API_TOKEN_ROLLED = 'API token rolled. Copy the new token now: it is not shown again.';

/** What the confirmation asks before a roll with this grace period. */
export function rollQuestion(graceHours: number): string {
  const old =
    graceHours === 0
      ? 'The current token stops working at once: every integration still using it gets 401 errors.'
      : `The current token keeps working for ${GRACE_CHOICES.find((choice) => choice.value === String(graceHours))?.label ?? `${graceHours} hours`}, then stops.`;
  return `Roll the API token? A new token is issued now. ${old} Tokens rolled before keep no longer than that.`;
}

/** The state column: 'Current', 'Expires …' or 'Expired …'. */
export function tokenStateText(token: ApiToken, locale?: string): string {
  if (token.state === 'current') return 'Current';
  const at = formatLogTime(token.expiresAt ?? '', locale);
  return token.state === 'expiring' ? `Expires ${at}` : `Expired ${at}`;
}

/** The last-used column: to the minute (a use is recorded at most once a minute), or 'Never used'. */
export function lastUsedText(token: ApiToken, locale?: string): string {
  return token.lastUsedAt === null ? 'Never used' : formatLogTime(token.lastUsedAt, locale);
}
