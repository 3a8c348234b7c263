// TOTP (RFC 6238) through the otpauth library: SHA-1, 6 digits, 30-second steps, what every authenticator app reads.
import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Payrail';
const PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (clock drift of a phone). */
const WINDOW = 1;

/** A fresh random secret (160 bits) in base32, as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });

/** The otpauth:// URI a QR code carries for this secret and account. */
export function totpUri(secretBase32: string, accountEmail: string): string {
  return totpOf(secretBase32, accountEmail).toString();
}

/** The time step a code belongs to, when it is valid at `now` (±1 step); undefined otherwise. */
export function matchingTotpStep(secretBase32: string, code: string, now: Date): number | undefined {
  const timestamp = now.getTime();
  const delta = totpOf(secretBase32, '').validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return undefined;
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp }) + delta;
}
