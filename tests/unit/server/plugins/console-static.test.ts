import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../../server/plugins/console-static.ts';

describe('contentSecurityPolicy', () => {
  it('allows exactly the inline scripts of the page by hash', () => {
    const inline = 'window.x = 1;';
    const csp = contentSecurityPolicy(`<script>${inline}</script><script type="module" src="/_astro/a.js"></script>`);
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp.match(/sha256-/g)).toHaveLength(1);
  });
});
