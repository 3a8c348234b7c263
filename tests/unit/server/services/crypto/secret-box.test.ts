import { describe, expect, it } from 'vitest';
import { isMasked, maskSecret, open, seal } from '../../../../../server/services/crypto/secret-box.ts';

const key = Buffer.alloc(32, 3);

describe('secret box', () => {
  it('seals and opens, and refuses a tampered value', () => {
    const sealed = seal(key, 'sk_live_5678efgh');
    expect(sealed).not.toContain('sk_live');
    expect(open(key, sealed)).toBe('sk_live_5678efgh');
    const [version, iv, tag = '', ciphertext] = sealed.split('.');
    const otherTag = `${tag.startsWith('A') ? 'B' : 'A'}${tag.slice(1)}`;
    expect(() => open(key, [version, iv, otherTag, ciphertext].join('.'))).toThrow();
  });

  it('masks a secret with its last four characters, and a short one with none', () => {
    expect(maskSecret('sk_live_5678efgh')).toBe('••••efgh');
    expect(maskSecret('whsec_99')).toBe('••••c_99');
    expect(maskSecret('demo')).toBe('••••');
    expect(maskSecret('')).toBe('••••');
    expect([isMasked('••••efgh'), isMasked('••••'), isMasked('sk_live')]).toEqual([true, true, false]);
  });
});
