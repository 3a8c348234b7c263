import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('data'),
      worker: 'on',
      allowPrivateTargets: false,
      sandboxPsp: true,
      sandboxPspRateLimitPerMinute: 300,
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads and normalises values', () => {
    const config = loadConfig({ PORT: '8080', PUBLIC_URL: 'https://pay.example.com/', ALLOW_PRIVATE_TARGETS: 'true', WORKER: 'off' });
    expect(config).toMatchObject({ port: 8080, publicUrl: 'https://pay.example.com', allowPrivateTargets: true, worker: 'off' });
    expect(loadConfig({ SANDBOX_PSP: 'off', SANDBOX_PSP_RATE_LIMIT_PER_MINUTE: '60' })).toMatchObject({
      sandboxPsp: false,
      sandboxPspRateLimitPerMinute: 60,
    });
  });

  it('reads which successful reads get a log line and an api_logs row (0 to 1)', () => {
    expect(loadConfig({})).toMatchObject({ requestLogReads: 1, apiLogReads: 0.01 });
    expect(loadConfig({ REQUEST_LOG_READS: '0.1', API_LOG_READS: '0' })).toMatchObject({ requestLogReads: 0.1, apiLogReads: 0 });
    expect(() => loadConfig({ API_LOG_READS: '5%' })).toThrow(/API_LOG_READS must be a number from 0 to 1/);
    expect(() => loadConfig({ REQUEST_LOG_READS: '2' })).toThrow(/REQUEST_LOG_READS must be a number from 0 to 1/);
  });

  it('reads how many API processes share the port (WEB_CONCURRENCY)', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    expect(loadConfig({ WEB_CONCURRENCY: 'Auto' }).webConcurrency).toBe('auto');
    for (const bad of ['0', '2.5', 'all', '1000'])
      expect(() => loadConfig({ WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY must be auto or a whole number from 1 to 256/);
  });

  it('reads which proxies to trust for the client address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toBe('10.0.0.1, 10.1.0.0/16,::1');
    expect(() => loadConfig({ TRUST_PROXY: 'the load balancer' })).toThrow(/TRUST_PROXY must be/);
  });

  it('lists every problem at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', DATA_KEY: 'zz', WORKER: 'maybe' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const problem of [
      'PORT must be a whole number',
      'DATABASE_URL must start with postgres:',
      'JWT_SECRET must be at least 32',
      'DATA_KEY must be 64 hex',
      'WORKER must be on or off',
    ]) {
      expect(message).toContain(problem);
    }
  });
});
