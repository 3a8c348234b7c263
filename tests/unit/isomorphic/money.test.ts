import { describe, expect, it } from 'vitest';
import { formatMoney, fromMinorUnits, toMinorUnits } from '../../../isomorphic/money.ts';

describe('money', () => {
  it('converts decimal amounts to minor units exactly', () => {
    expect(toMinorUnits('12.50', 100)).toEqual({ ok: true, minor: 1250 });
    expect(toMinorUnits(12.5, 100)).toEqual({ ok: true, minor: 1250 });
    expect(toMinorUnits('0.1', 100)).toEqual({ ok: true, minor: 10 });
    expect(toMinorUnits(0.29, 100)).toEqual({ ok: true, minor: 29 });
    expect(toMinorUnits('1000', 1, 'XOF')).toEqual({ ok: true, minor: 1000 });
    expect(toMinorUnits('5.000', 1000)).toEqual({ ok: true, minor: 5000 });
    expect(toMinorUnits('12.500', 100)).toEqual({ ok: true, minor: 1250 });
  });

  it('refuses over-precise, zero, negative, huge and malformed amounts instead of rounding', () => {
    expect(toMinorUnits('12.505', 100, 'GHS')).toEqual({ ok: false, error: 'Amount has more decimals than GHS allows (2).' });
    expect(toMinorUnits('10.5', 1, 'XOF')).toEqual({ ok: false, error: 'Amount has more decimals than XOF allows (0).' });
    expect(toMinorUnits('0', 100)).toEqual({ ok: false, error: 'Amount must be greater than zero.' });
    for (const bad of ['-5', '1e3', 'abc', '', '12.', '.5', ' 1 2 ']) expect(toMinorUnits(bad, 100).ok, bad).toBe(false);
    expect(toMinorUnits(-1, 100).ok).toBe(false);
    expect(toMinorUnits(Number.NaN, 100).ok).toBe(false);
    expect(toMinorUnits('99999999999999999', 100)).toEqual({ ok: false, error: 'Amount must be a positive decimal number, e.g. 12.50.' });
    expect(toMinorUnits('10000000000001', 100)).toEqual({ ok: false, error: 'Amount is too large.' });
  });

  it('formats minor units back to decimals and money', () => {
    expect(fromMinorUnits(1250, 100)).toBe('12.50');
    expect(fromMinorUnits(5, 100)).toBe('0.05');
    expect(fromMinorUnits(1000, 1)).toBe('1000');
    expect(formatMoney(1250, 'GHS')).toMatch(/12\.50/);
    expect(formatMoney(undefined, 'GHS')).toMatch(/0\.00/);
    expect(formatMoney(100, 'XOF', 1)).toMatch(/100/);
  });
});
