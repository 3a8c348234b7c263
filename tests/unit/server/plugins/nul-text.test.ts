import { describe, expect, it } from 'vitest';
import { nulTextPath } from '../../../../server/plugins/nul-text.ts';

describe('nulTextPath', () => {
  it('names the first string holding U+0000, however deep', () => {
    expect(nulTextPath({ name: 'Ama', metadata: { lines: ['ok', 'bad\u0000'] } }, 'body')).toBe('body.metadata.lines[1]');
    expect(nulTextPath('x\u0000', 'params.id')).toBe('params.id');
  });

  it('passes text without it, numbers, nulls and other control characters', () => {
    expect(nulTextPath({ name: 'Ama\tMensah\n', amount: 12.5, phone: null, ok: true, list: [] }, 'body')).toBeUndefined();
    expect(nulTextPath(undefined, 'body')).toBeUndefined();
    // The escaped text "\u0000" (a backslash and five characters) is ordinary text.
    expect(nulTextPath({ note: '\\u0000' }, 'body')).toBeUndefined();
  });
});
