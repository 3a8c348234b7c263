import { describe, expect, it } from 'vitest';
import { auditChangeText, auditDayBounds } from '../../../src/lib/audit.ts';

describe('the Audit view wording and filters', () => {
  it('writes the changed fields on one line, masked values as they arrive', () => {
    expect(auditChangeText({ status: { before: 'Pending', after: 'Success' }, password: { before: '••••', after: '••••' } })).toBe(
      'status: Pending → Success; password: •••• → ••••',
    );
    expect(auditChangeText({ name: { before: null, after: 'Acme' }, config: { before: null, after: { a: 1 } } })).toBe(
      'name: — → Acme; config: — → {"a":1}',
    );
    expect(auditChangeText({})).toBe('');
  });

  it('turns chosen days into from the start of the first to the end of the last (UTC)', () => {
    expect(auditDayBounds('2026-03-01', '2026-03-31')).toEqual({ from: '2026-03-01T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' });
    expect(auditDayBounds('', '')).toEqual({});
    expect(auditDayBounds('not a day', '2026-01-01')).toEqual({ to: '2026-01-02T00:00:00.000Z' });
  });
});
