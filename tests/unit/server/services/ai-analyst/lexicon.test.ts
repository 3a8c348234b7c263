import { describe, expect, it } from 'vitest';
import { canonical, fold, repairTypo } from '../../../../../server/services/ai-analyst/lexicon.ts';
import { nameCandidates, parseQuestion, type QuestionContext } from '../../../../../server/services/ai-analyst/parse-question.ts';

const context: QuestionContext = {
  now: new Date('2026-11-22T10:00:00Z'),
  gatewayNames: ['Akwaaba Paystack', 'paystack'],
  currencies: ['GHS', 'USD'],
  customerNames: ['Chloé Dubois', 'Kwabena Adjei-Bonsu'],
  organisations: [
    { id: 1, name: 'Akwaaba Foods' },
    { id: 2, name: 'Bolga Crafts' },
  ],
  ownOrgId: 1,
};

describe('analyst lexicon', () => {
  it('repairs a typo within one edit of a known word, and only then', () => {
    expect(repairTypo('paymnets')).toBe('payments');
    expect(repairTypo('faild')).toBe('failed');
    expect(repairTypo('yesturday')).toBe('yesterday');
    expect(repairTypo('succesful')).toBe('successful');
    // Three letters apart is not a typo (and must not turn "refunds" into a status).
    expect(repairTypo('refunds')).toBeUndefined();
    expect(repairTypo('issue')).toBeUndefined();
  });

  it('reads apostrophes as contractions and possessives, never as quotation marks', () => {
    expect(canonical("What's the total we've collected?")).toBe('what is the total we have collected');
    expect(canonical("Adwoa Ampofo-Mensah's payments didn't go through")).toBe('adwoa ampofo mensah payments did not go through');
    expect(fold('Sèna Houngbédji')).toBe('sena houngbedji');
  });
});

describe('analyst grammar', () => {
  const parse = (question: string) => parseQuestion(question, context);

  it('finds a customer named anywhere, accents and case aside', () => {
    expect(parse('how much has chloe dubois paid us altogether').query).toMatchObject({
      metric: 'total',
      customer: 'Chloé Dubois',
      status: ['Success'],
    });
    expect(parse('KWABENA ADJEI-BONSU payments in october').query.customer).toBe('Kwabena Adjei-Bonsu');
  });

  it('keeps the word that introduces a name with the name, so it does not start a period', () => {
    const { query } = parse('total paid by chloe dubois in october');
    expect(query.customer).toBe('Chloé Dubois');
    expect(query.from).toBe('2026-10-01T00:00:00.000Z');
    expect(query.to).toBe('2026-11-01T00:00:00.000Z');
    expect(parse('total from kwabena adjei-bonsu in september').query.from).toBe('2026-09-01T00:00:00.000Z');
    expect(parse('total from kwabena adjei-bonsu in september').query.to).toBe('2026-10-01T00:00:00.000Z');
  });

  it('reads money words as successful payments and status phrases as their status', () => {
    expect(parse('takings yesterday').query.status).toEqual(['Success']);
    expect(parse('payments waiting to be paid').query.status).toEqual(['Pending']);
    expect(parse('how many went through today').query.status).toEqual(['Success']);
    expect(parse('how many went through today').query.gateway).toBeUndefined();
  });

  it('refuses, with the nearest question, what it cannot say rather than answering something else', () => {
    for (const question of ['how many refunds did we issue this week', 'payments not via paystack', 'customers with more than 3 payments'])
      expect(parse(question).cannot, question).toBeDefined();
    expect(parse('revenue of bolga crafts this month').cannot).toMatchObject({
      scope: true,
      nearest: 'How much did we collect this month?',
    });
  });

  it('reads refunded and net amounts, refunded payments by refund state, and the gross amount before refunds', () => {
    expect(parse('money given back to customers in october').query).toMatchObject({ metric: 'refunded', status: ['Success'] });
    expect(parse('net revenue per week this month').query).toMatchObject({ metric: 'net', groupBy: 'week', status: ['Success'] });
    expect(parse('refunded payments by gateway').query).toMatchObject({ metric: 'count', groupBy: 'gateway', refund: 'any' });
    expect(parse('payments refunded in full').query).toMatchObject({ metric: 'list', refund: 'full' });
    expect(parse('revenue before refunds').query).toEqual({ metric: 'total', groupBy: 'none', status: ['Success'] });
    expect(parse('average refund').cannot?.nearest).toBe('How much was refunded this month?');
    expect(parse('why did we refund payments in october').cannot?.nearest).toBe('How much was refunded in October 2026?');
  });

  it('reads two periods to compare, the first named being the one asked about', () => {
    const { query } = parse('sales in october versus september');
    expect(query).toMatchObject({
      metric: 'total',
      from: '2026-10-01T00:00:00.000Z',
      to: '2026-11-01T00:00:00.000Z',
      compare: { from: '2026-09-01T00:00:00.000Z', to: '2026-10-01T00:00:00.000Z' },
    });
  });
});

describe('analyst name candidates', () => {
  it('are the words no lexicon knows, without e-mail addresses or references (no name lookup for those)', () => {
    expect(nameCandidates('How much has customer42@example.com paid?')).toEqual([]);
    expect(nameCandidates('Find PAY-A000000000000007')).toEqual([]);
    expect(nameCandidates('how much has chloe dubois paid')).toEqual(['chloe', 'dubois']);
  });
});
