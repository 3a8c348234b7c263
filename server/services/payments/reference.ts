import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function encode(value: bigint, length: number): string {
  let text = '';
  for (let index = 0; index < length; index++) {
    text = CROCKFORD[Number(value & 31n)] + text;
    value >>= 5n;
  }
  return text;
}

/** A payment reference: `PAY-` + 16 Crockford base32 chars (48-bit milliseconds, then 30 random bits), time-sortable. */
export function newPaymentReference(clock: Clock): string {
  const time = BigInt(clock.now().getTime());
  const random = BigInt(`0x${randomBytes(4).toString('hex')}`) & ((1n << 30n) - 1n);
  return `PAY-${encode(time, 10)}${encode(random, 6)}`;
}

export const PAYMENT_REFERENCE_PATTERN = /^PAY-[0-9A-HJKMNP-TV-Z]{16}$/;
