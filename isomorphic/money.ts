// Money rules shared by the console and the server: amounts travel as decimal strings in major units,
// are stored as integer minor units, and are never rounded silently (docs/decisions.md#api-conventions).

export const MAX_AMOUNT_MINOR = 10 ** 15;

/** Decimal places a currency allows: 2 for a base unit of 100, 0 for 1. */
export function decimalsOf(baseUnit: number): number {
  return Math.max(0, Math.round(Math.log10(baseUnit)));
}

export type MinorResult = { ok: true; minor: number } | { ok: false; error: string };

/** Converts a major-unit amount ("12.50" or 12.5) to minor units exactly, or says why it cannot. */
export function toMinorUnits(amount: string | number, baseUnit: number, currency = ''): MinorResult {
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.trim();
  const match = /^(\d{1,16})(?:\.(\d+))?$/.exec(text);
  if (!match) return { ok: false, error: 'Amount must be a positive decimal number, e.g. 12.50.' };
  const [, whole = '0', fraction = ''] = match;
  const decimals = decimalsOf(baseUnit);
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > decimals) {
    return { ok: false, error: `Amount has more decimals than ${currency || 'the currency'} allows (${decimals}).` };
  }
  const minor = Number(whole) * baseUnit + (significant ? Number(significant.padEnd(decimals, '0')) : 0);
  if (minor <= 0) return { ok: false, error: 'Amount must be greater than zero.' };
  if (!Number.isSafeInteger(minor) || minor > MAX_AMOUNT_MINOR) return { ok: false, error: 'Amount is too large.' };
  return { ok: true, minor };
}

/** Minor units as a decimal string in major units: 1250 → "12.50" (base unit 100). */
export function fromMinorUnits(minor: number, baseUnit: number): string {
  const decimals = decimalsOf(baseUnit);
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(minor);
  const whole = Math.floor(absolute / baseUnit);
  if (decimals === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(absolute % baseUnit).padStart(decimals, '0')}`;
}

/** A money amount for people: "GH₵12.50" in the Ghana English locale by default (docs/console.md#constants). */
export function formatMoney(minor: number | null | undefined, currency: string, baseUnit = 100, locale = 'en-GH'): string {
  const decimals = decimalsOf(baseUnit);
  const major = (minor ?? 0) / baseUnit;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(major);
  } catch {
    return `${currency} ${fromMinorUnits(minor ?? 0, baseUnit)}`;
  }
}
