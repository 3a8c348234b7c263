import { describe, expect, it } from 'vitest';
import {
  apiFiltersOf,
  EMPTY_FILTERS,
  filtersFromSearch,
  isFiltered,
  rangeOf,
  searchFromFilters,
} from '../../../src/lib/payment-filters.ts';

describe('the filters in the URL query', () => {
  it('round-trip: a state written to a query reads back the same', () => {
    const state = {
      ...EMPTY_FILTERS,
      range: 'custom' as const,
      fromDay: '2026-10-01',
      toDay: '2026-10-31',
      statuses: ['Failed', 'Pending'],
      refund: 'partial',
      gatewayId: '3',
      currency: 'GHS',
      amountMin: '1000.00',
      amountMax: '2500',
      channel: 'record-url',
      customer: 'Ama',
      search: 'PAY-01',
      organisationId: '7',
      page: 3,
      pageSize: 25,
    };
    const search = searchFromFilters(state);
    expect(search).toBe(
      '?range=custom&from=2026-10-01&to=2026-10-31&status=Failed%2CPending&refund=partial&gatewayId=3&currency=GHS&amountMin=1000.00&amountMax=2500&channel=record-url&customer=Ama&search=PAY-01&organisationId=7&page=3&pageSize=25',
    );
    expect(filtersFromSearch(search)).toEqual(state);
  });

  it('leaves out what is "any", and reads unknown or malformed values as "any"', () => {
    expect(searchFromFilters(EMPTY_FILTERS)).toBe('');
    expect(
      filtersFromSearch('?range=year&status=Paid,Success&refund=some&gatewayId=-1&currency=GH1&channel=card&page=0&pageSize=7&from=x'),
    ).toEqual({
      ...EMPTY_FILTERS,
      statuses: ['Success'],
    });
    // A custom range's days are kept only with the custom range.
    expect(searchFromFilters({ ...EMPTY_FILTERS, range: '7d', fromDay: '2026-10-01' })).toBe('?range=7d');
  });

  it('says whether anything narrows the list (the organisation and paging do not)', () => {
    expect(isFiltered({ ...EMPTY_FILTERS, organisationId: '4', page: 2 })).toBe(false);
    expect(isFiltered({ ...EMPTY_FILTERS, statuses: ['Failed'] })).toBe(true);
    expect(isFiltered({ ...EMPTY_FILTERS, refund: 'full' })).toBe(true);
  });
});

describe('date ranges', () => {
  const now = new Date(2026, 10, 27, 15, 30);
  it('starts each preset at a local midnight; a custom range includes its last day', () => {
    expect(rangeOf({ range: 'today', fromDay: '', toDay: '' }, now)).toEqual({ from: new Date(2026, 10, 27) });
    expect(rangeOf({ range: '7d', fromDay: '', toDay: '' }, now)).toEqual({ from: new Date(2026, 10, 21) });
    expect(rangeOf({ range: '30d', fromDay: '', toDay: '' }, now)).toEqual({ from: new Date(2026, 9, 29) });
    expect(rangeOf({ range: 'month', fromDay: '', toDay: '' }, now)).toEqual({ from: new Date(2026, 10, 1) });
    expect(rangeOf({ range: 'custom', fromDay: '2026-10-01', toDay: '2026-10-31' }, now)).toEqual({
      from: new Date(2026, 9, 1),
      to: new Date(2026, 10, 1),
    });
    expect(rangeOf({ range: '', fromDay: '', toDay: '' }, now)).toEqual({});
  });

  it('become the API query with the other filters (numbers as numbers, blanks left out)', () => {
    expect(
      apiFiltersOf(
        { ...EMPTY_FILTERS, range: 'month', statuses: ['Failed'], refund: 'any', gatewayId: '3', customer: '  ', organisationId: '7' },
        now,
      ),
    ).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: undefined,
      status: 'Failed',
      refund: 'any',
      gatewayId: 3,
      currency: undefined,
      amountMin: undefined,
      amountMax: undefined,
      channel: undefined,
      customer: undefined,
      search: undefined,
      organisationId: 7,
    });
  });
});
