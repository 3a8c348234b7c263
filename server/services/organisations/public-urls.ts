import { createHmac, timingSafeEqual } from 'node:crypto';
import { recordAudit, type AuditActor } from '../audit/audit-service.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { newCheckoutToken } from './organisation-tokens.ts';
import { findCheckoutToken, organisationIdWithCheckoutToken, setCheckoutToken } from './organisations-repository.ts';

const CHECKOUT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;

/**
 * The record token: the checkout token plus an HMAC of it under the server's data key. Whoever sees the
 * public checkout page cannot derive it, and rotating the checkout token invalidates both at once.
 */
function recordToken(dataKey: Buffer, checkoutToken: string): string {
  const proof = createHmac('sha256', dataKey).update(`payrail:record-url:${checkoutToken}`).digest('base64url');
  return `${checkoutToken}.${proof}`;
}

/** The hosted checkout page URL for a checkout token. */
export const checkoutUrl = (publicUrl: string, checkoutToken: string) => `${publicUrl}/pay/${checkoutToken}`;

/** The Record URL (POST, completes a payment at once) for a checkout token. */
export const recordUrl = (publicUrl: string, dataKey: Buffer, checkoutToken: string) =>
  `${publicUrl}/api/payment/record/${recordToken(dataKey, checkoutToken)}`;

async function checkoutTokenOf(db: Database, orgId: number): Promise<string> {
  const token = await findCheckoutToken(db, orgId);
  if (token === undefined) throw notFound('Organisation not found.');
  return token;
}

/** The organisation's public checkout page URL. */
export async function organisationCheckoutUrl(db: Database, orgId: number, publicUrl: string): Promise<{ url: string }> {
  return { url: checkoutUrl(publicUrl, await checkoutTokenOf(db, orgId)) };
}

/** The organisation's public Record URL. */
export async function organisationRecordUrl(db: Database, orgId: number, publicUrl: string, dataKey: Buffer): Promise<{ url: string }> {
  return { url: recordUrl(publicUrl, dataKey, await checkoutTokenOf(db, orgId)) };
}

/** A new checkout token: the old checkout and record URLs stop working at once. Returns the new checkout URL. */
export async function rotateCheckoutToken(
  db: Database,
  clock: Clock,
  orgId: number,
  publicUrl: string,
  actor: AuditActor,
): Promise<{ url: string }> {
  const token = newCheckoutToken();
  await db.transaction(async (tx) => {
    if (!(await setCheckoutToken(tx, orgId, token, clock.now()))) throw notFound('Organisation not found.');
    const changes = { checkoutToken: { before: 'replaced', after: token } };
    await recordAudit(tx, clock, actor, {
      action: 'organisation.checkout-token.rotate',
      targetType: 'organisation',
      targetId: orgId,
      orgId,
      changes,
    });
  });
  return { url: checkoutUrl(publicUrl, token) };
}

/** The organisation a checkout token belongs to (undefined for an unknown or rotated token). */
export async function organisationIdByCheckoutToken(db: Database, token: string): Promise<number | undefined> {
  if (!CHECKOUT_TOKEN_PATTERN.test(token)) return undefined;
  return organisationIdWithCheckoutToken(db, token);
}

/** The organisation a record token belongs to; the proof is compared in constant time. */
export async function organisationIdByRecordToken(db: Database, dataKey: Buffer, token: string): Promise<number | undefined> {
  const checkoutToken = token.split('.')[0] ?? '';
  const orgId = await organisationIdByCheckoutToken(db, checkoutToken);
  if (orgId === undefined) return undefined;
  const expected = Buffer.from(recordToken(dataKey, checkoutToken));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected) ? orgId : undefined;
}
