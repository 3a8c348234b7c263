import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { firstStartBanner, processLoggerOptions, serverLoggerOptions } from '../../../server/logging.ts';
import { evenSampler, isSuccessfulRead } from '../../../server/request-log-policy.ts';

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

describe('serverLoggerOptions', () => {
  it('writes through a buffered stream when stdout is not a terminal, straight to pino-pretty on one', () => {
    const piped = serverLoggerOptions('info', false);
    expect(piped.level).toBe('info');
    expect(piped.stream).toMatchObject({ minLength: 4096 });
    expect(serverLoggerOptions('info', true).stream).toBeUndefined();
  });
});

describe('the request log policy', () => {
  const kept = (share: number, calls: number) => {
    const keep = evenSampler(share);
    return Array.from({ length: calls }, (_, index) => index + 1).filter(() => keep());
  };

  it('keeps an exact, evenly spaced share of the calls', () => {
    expect(kept(0.01, 300)).toEqual([100, 200, 300]);
    expect(kept(0.25, 8)).toEqual([4, 8]);
    expect(kept(1, 3)).toEqual([1, 2, 3]);
    expect(kept(0, 1000)).toEqual([]);
  });

  it('samples only successful reads', () => {
    expect(isSuccessfulRead('GET', 200)).toBe(true);
    expect(isSuccessfulRead('HEAD', 304)).toBe(true);
    expect(isSuccessfulRead('GET', 404)).toBe(false);
    expect(isSuccessfulRead('POST', 201)).toBe(false);
    expect(isSuccessfulRead('DELETE', 204)).toBe(false);
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
