import { describe, expect, it } from 'vitest';
import {
  formatVolume,
  otherCurrencies,
  seriesByCurrency,
  shortDay,
  volumesByOrganisation,
  zeroTotals,
} from '../../../src/lib/dashboard-figures.ts';

describe('dashboard figures', () => {
  it('formats amounts in Ghana cedis (en-GH) and counts a missing or unreadable value as 0', () => {
    expect(formatVolume('1234.5')).toBe('GH₵1,234.50');
    expect(formatVolume(undefined)).toBe('GH₵0.00');
    expect(formatVolume(null)).toBe('GH₵0.00');
    expect(formatVolume('not a number')).toBe('GH₵0.00');
    expect(formatVolume('10', 'USD')).toBe('US$10.00');
  });

  it('lists the other currencies of a total, never adding them to the first', () => {
    const totals = zeroTotals();
    totals.byCurrency.push({ ...totals.byCurrency[0]!, currency: 'USD', total: '20.00', Pending: '20.00' });
    expect(otherCurrencies(totals, 'total')).toEqual(['US$20.00']);
    expect(otherCurrencies(totals, 'Success')).toEqual([]);
  });

  it('splits the daily series per currency for the chart', () => {
    expect(
      seriesByCurrency([
        { day: '2026-11-21', currency: 'GHS', volume: '1.50', volumeMinor: 150, count: 1 },
        { day: '2026-11-22', currency: 'GHS', volume: '0.00', volumeMinor: 0, count: 0 },
        { day: '2026-11-21', currency: 'USD', volume: '2.00', volumeMinor: 200, count: 1 },
      ]),
    ).toEqual([
      { currency: 'GHS', days: ['2026-11-21', '2026-11-22'], values: [1.5, 0] },
      { currency: 'USD', days: ['2026-11-21'], values: [2] },
    ]);
    expect(shortDay('2026-11-05')).toBe('5 Nov');
  });

  it('groups the volume rows per organisation, each with its currencies, in the order the organisations come', () => {
    const row = (orgId: number, name: string, currency: string, total: string) => ({
      orgId,
      name,
      currency,
      total,
      totalMinor: 0,
      count: 1,
    });
    expect(
      volumesByOrganisation([
        row(2, 'Beta', 'GHS', '500.00'),
        row(1, 'Alpha', 'GHS', '300.00'),
        row(2, 'Beta', 'USD', '20.00'),
        row(3, 'Alpha', 'GHS', '10.00'),
      ]),
    ).toEqual([
      {
        orgId: 2,
        name: 'Beta',
        totals: [
          { currency: 'GHS', total: '500.00' },
          { currency: 'USD', total: '20.00' },
        ],
      },
      { orgId: 1, name: 'Alpha', totals: [{ currency: 'GHS', total: '300.00' }] },
      { orgId: 3, name: 'Alpha', totals: [{ currency: 'GHS', total: '10.00' }] },
    ]);
  });
});
