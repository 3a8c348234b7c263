import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { firstStartBanner, processLoggerOptions } from '../../../server/logging.ts';

describe('processLoggerOptions', () => {
  it('writes readable lines through pino-pretty on a terminal', () => {
    const options = processLoggerOptions('debug', true);
    expect(options.level).toBe('debug');
    expect(options.transport).toMatchObject({ target: 'pino-pretty' });
    // pino loads the transport by name from the server's folder, in a worker thread: it must be installed.
    expect(createRequire(new URL('../../../server/logging.ts', import.meta.url)).resolve('pino-pretty')).toContain('pino-pretty');
  });

  it('writes one JSON object a line when stdout is not a terminal', () => {
    expect(processLoggerOptions('info', false)).toEqual({ level: 'info' });
  });
});

describe('firstStartBanner', () => {
  const banner = firstStartBanner({
    email: 'admin@payrail.local',
    password: 'Zq3-secret_pass',
    signInUrl: 'http://localhost:4000/login',
  });

  it('shows where to sign in, the e-mail and the password, each on a line of its own', () => {
    const lines = banner.split('\n');
    expect(lines.some((line) => /Sign in at\s+http:\/\/localhost:4000\/login\s/.test(line))).toBe(true);
    expect(lines.some((line) => /E-mail\s+admin@payrail\.local\s/.test(line))).toBe(true);
    expect(lines.some((line) => /Password\s+Zq3-secret_pass\s/.test(line))).toBe(true);
    expect(banner).toContain('will not be shown again');
  });

  it('is a closed frame: every line as wide as the others', () => {
    const widths = new Set(banner.split('\n').map((line) => [...line].length));
    expect(widths.size).toBe(1);
    expect(banner.startsWith('╔')).toBe(true);
    expect(banner.endsWith('╝')).toBe(true);
  });
});
