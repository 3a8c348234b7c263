import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_REQUEST_LOG_POLICY } from './request-log-policy.ts';

export type WorkerMode = 'on' | 'off';

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  consoleDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_ENGINE without DATABASE_URL: the embedded PostgreSQL or PGlite; undefined lets server/db/default-store.ts choose. */
  databaseEngine: 'postgres' | 'pglite' | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  dataKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  allowPrivateTargets: boolean;
  logLevel: string;
  aiBaseUrl: string | undefined;
  aiApiKey: string | undefined;
  aiModel: string | undefined;
  worker: WorkerMode;
  /** WEB_CONCURRENCY: API processes sharing the port (node:cluster); `auto`: one per available core (server/cluster.ts). */
  webConcurrency: number | 'auto';
  authRateLimitPerMinute: number;
  /** false, true (any proxy) or a comma list of proxy addresses/CIDRs whose X-Forwarded-For gives the client address. */
  trustProxy: boolean | string;
  publicRateLimitPerMinute: number;
  pspWebhookRateLimitPerMinute: number;
  apiLogRetentionDays: number;
  /** Share (0–1) of successful reads that get a request log line (REQUEST_LOG_READS). */
  requestLogReads: number;
  /** Share (0–1) of successful reads recorded in api_logs (API_LOG_READS). */
  apiLogReads: number;
  webhookLogRetentionDays: number;
  /** Days audit entries are kept (AUDIT_RETENTION_DAYS); the retention job deletes older ones. */
  auditRetentionDays: number;
  reconcileAfterMinutes: number;
  /** REFUND_PENDING_MAX_HOURS: a gateway refund without a refund verify that stays Pending this long fails (docs/refunds.md). */
  refundPendingMaxHours: number;
  idempotencyLeaseSeconds: number;
  sandboxPsp: boolean;
  sandboxPspRateLimitPerMinute: number;
  /** REQUIRE_2FA_FOR_SUPERADMINS: superadmins must sign in with two-factor authentication (enrolling at sign-in if need be). */
  requireTwoFactorForSuperadmins: boolean;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and validates the environment; throws one error listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const text = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
      return fallback;
    }
    return value;
  };
  const share = (name: string, fallback: number) => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0 || value > 1) {
      problems.push(`${name} must be a number from 0 to 1 (got "${raw}").`);
      return fallback;
    }
    return value;
  };
  const url = (name: string, protocols: string[]) => {
    const raw = text(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must start with ${protocols.join(' or ')} (got "${parsed.protocol}").`);
      }
    } catch {
      problems.push(`${name} is not a valid URL.`);
    }
    return raw;
  };
  const boolean = (name: string, fallback: boolean) => {
    const raw = text(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes', 'on'].includes(raw)) return true;
    if (['false', '0', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}").`);
    return fallback;
  };

  const port = integer('PORT', 3000, 0, 65535);
  const host = text('HOST') ?? '0.0.0.0';
  const publicUrl = (url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const adminEmail = text('ADMIN_EMAIL');
  if (adminEmail !== undefined && !/^[^\s@]+@[^\s@]+$/.test(adminEmail)) problems.push('ADMIN_EMAIL is not an e-mail address.');
  const adminPassword = text('ADMIN_PASSWORD');
  if (adminPassword !== undefined && adminPassword.length < 8) problems.push('ADMIN_PASSWORD must be at least 8 characters.');
  const jwtSecret = text('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters.');
  const dataKey = text('DATA_KEY');
  if (dataKey !== undefined && !/^[0-9a-fA-F]{64}$/.test(dataKey)) problems.push('DATA_KEY must be 64 hex characters (32 bytes).');
  const logLevel = text('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);
  const workerRaw = text('WORKER') ?? 'on';
  const trustProxyRaw = text('TRUST_PROXY');
  const trustProxy = ['true', 'false'].includes(trustProxyRaw?.toLowerCase() ?? '')
    ? boolean('TRUST_PROXY', false)
    : (trustProxyRaw ?? false);
  if (typeof trustProxy === 'string' && !trustProxy.split(',').every((entry) => isIP(entry.trim().split('/')[0] ?? '') !== 0)) {
    problems.push('TRUST_PROXY must be true, false or a comma-separated list of proxy addresses or CIDR ranges.');
  }
  if (workerRaw !== 'on' && workerRaw !== 'off') problems.push('WORKER must be on or off.');
  const webConcurrencyRaw = text('WEB_CONCURRENCY')?.toLowerCase();
  const webConcurrency = webConcurrencyRaw === 'auto' ? 'auto' : Number(webConcurrencyRaw ?? 1);
  if (webConcurrency !== 'auto' && !(Number.isInteger(webConcurrency) && webConcurrency >= 1 && webConcurrency <= 256)) {
    problems.push(`WEB_CONCURRENCY must be auto or a whole number from 1 to 256 (got "${webConcurrencyRaw}").`);
  }
  const databaseEngine = text('DATABASE_ENGINE')?.toLowerCase();
  if (databaseEngine !== undefined && databaseEngine !== 'postgres' && databaseEngine !== 'pglite') {
    problems.push(`DATABASE_ENGINE must be postgres or pglite (got "${databaseEngine}").`);
  }

  const config: Config = {
    port,
    host,
    publicUrl,
    dataDir: path.resolve(text('DATA_DIR') ?? './data'),
    consoleDir: path.resolve(text('CONSOLE_DIR') ?? './dist'),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databaseEngine: databaseEngine === 'postgres' || databaseEngine === 'pglite' ? databaseEngine : undefined,
    adminEmail,
    adminPassword,
    jwtSecret,
    dataKey,
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: text('MAIL_FROM') ?? 'Payrail <no-reply@payrail.local>',
    allowPrivateTargets: boolean('ALLOW_PRIVATE_TARGETS', false),
    logLevel,
    aiBaseUrl: url('AI_BASE_URL', ['http:', 'https:']),
    aiApiKey: text('AI_API_KEY'),
    aiModel: text('AI_MODEL'),
    worker: workerRaw === 'off' ? 'off' : 'on',
    webConcurrency: webConcurrency === 'auto' || Number.isInteger(webConcurrency) ? webConcurrency : 1,
    authRateLimitPerMinute: integer('AUTH_RATE_LIMIT_PER_MINUTE', 20, 1, 100000),
    trustProxy,
    publicRateLimitPerMinute: integer('PUBLIC_RATE_LIMIT_PER_MINUTE', 30, 1, 100000),
    pspWebhookRateLimitPerMinute: integer('PSP_WEBHOOK_RATE_LIMIT_PER_MINUTE', 600, 1, 1000000),
    apiLogRetentionDays: integer('API_LOG_RETENTION_DAYS', 30, 1, 3650),
    requestLogReads: share('REQUEST_LOG_READS', DEFAULT_REQUEST_LOG_POLICY.lineReads),
    apiLogReads: share('API_LOG_READS', DEFAULT_REQUEST_LOG_POLICY.apiLogReads),
    webhookLogRetentionDays: integer('WEBHOOK_LOG_RETENTION_DAYS', 90, 1, 3650),
    auditRetentionDays: integer('AUDIT_RETENTION_DAYS', 365, 1, 36500),
    reconcileAfterMinutes: integer('RECONCILE_AFTER_MINUTES', 30, 1, 10080),
    refundPendingMaxHours: integer('REFUND_PENDING_MAX_HOURS', 72, 1, 8760),
    idempotencyLeaseSeconds: integer('IDEMPOTENCY_LEASE_SECONDS', 30, 1, 3600),
    sandboxPsp: boolean('SANDBOX_PSP', true),
    sandboxPspRateLimitPerMinute: integer('SANDBOX_PSP_RATE_LIMIT_PER_MINUTE', 300, 1, 100000),
    requireTwoFactorForSuperadmins: boolean('REQUIRE_2FA_FOR_SUPERADMINS', false),
  };
  if (problems.length > 0) throw new Error(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return config;
}
