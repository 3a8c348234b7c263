import { randomInt } from 'node:crypto';
import type { Clock } from '../../clock.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `value` (a non-negative integer below 2^53) as `length` Crockford base32 digits, most significant first. */
function encode(value: number, length: number): string {
  let text = '';
  for (let index = 0; index < length; index++) {
    text = CROCKFORD[value % 32] + text;
    value = Math.floor(value / 32);
  }
  return text;
}

/** A payment reference: `PAY-` + 16 Crockford base32 chars (48-bit milliseconds, then 30 random bits), time-sortable. */
export function newPaymentReference(clock: Clock): string {
  // randomInt draws from a cached pool of random bytes: no system call per reference.
  return `PAY-${encode(clock.now().getTime(), 10)}${encode(randomInt(2 ** 30), 6)}`;
}

export const PAYMENT_REFERENCE_PATTERN = /^PAY-[0-9A-HJKMNP-TV-Z]{16}$/;

/** A refund reference: `RF-` + 16 chars, built like a payment reference (time-sortable). */
export function newRefundReference(clock: Clock): string {
  return `RF-${encode(clock.now().getTime(), 10)}${encode(randomInt(2 ** 30), 6)}`;
}
