import { existsSync } from 'node:fs';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import { systemClock, type Clock } from './clock.ts';
import type { DatabaseHandle } from './db/client.ts';
import { serializeError } from './db/error-log.ts';
import { openApiAudience } from './openapi-audience.ts';
import apiLogPlugin from './plugins/api-log.ts';
import authPlugin from './plugins/auth.ts';
import compression from './plugins/compression.ts';
import consoleStatic from './plugins/console-static.ts';
import errorsPlugin, { formatValidationErrors, sendFrameworkError } from './plugins/errors.ts';
import inputTextPlugin from './plugins/input-text.ts';
import publicDocs from './plugins/public-docs.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import { ErrorResponse } from '../isomorphic/schemas/common.ts';
import { lazySchemaCompilers } from './schemas/lazy-compilers.ts';
import { OneLineRequestLog } from './logging.ts';
import { DEFAULT_REQUEST_LOG_POLICY, type RequestLogPolicy } from './request-log-policy.ts';
import authRoutes from './routes/auth.ts';
import healthRoutes from './routes/health.ts';
import userRoutes from './routes/users.ts';
import twoFactorRoutes from './routes/two-factor.ts';
import sessionRoutes from './routes/sessions.ts';
import countryRoutes from './routes/countries.ts';
import currencyRoutes from './routes/currencies.ts';
import fileRoutes from './routes/files.ts';
import organisationRoutes from './routes/organisations.ts';
import pspRoutes from './routes/psp.ts';
import gatewayRoutes from './routes/gateways.ts';
import bankRoutes from './routes/banks.ts';
import sandboxPspRoutes from './routes/sandbox-psp.ts';
import paymentRoutes from './routes/payments.ts';
import refundRoutes from './routes/refunds.ts';
import paymentTimelineRoutes from './routes/payment-timeline.ts';
import pspWebhookRoutes from './routes/psp-webhooks.ts';
import receiptBatchRoutes from './routes/receipt-batches.ts';
import checkoutPageRoutes from './routes/checkout-pages.ts';
import organisationPublicUrlRoutes from './routes/organisation-public-urls.ts';
import organisationApiTokenRoutes from './routes/organisation-api-tokens.ts';
import publicCheckoutRoutes from './routes/public-checkout.ts';
import receiptRoutes from './routes/receipts.ts';
import creditNoteRoutes from './routes/credit-notes.ts';
import webhookConfigRoutes from './routes/webhook-config.ts';
import dashboardRoutes from './routes/dashboard.ts';
import aiRoutes from './routes/ai.ts';
import logRoutes from './routes/logs.ts';
import auditEventRoutes from './routes/audit-events.ts';
import { MAX_IMAGE_BYTES } from './services/files/image-type.ts';
import { ApiLogBuffer } from './services/api-log/api-log-buffer.ts';
import { createMailer, type Mailer } from './services/mail/mailer.ts';
import { DEFAULT_IDEMPOTENCY_LEASE_MS } from './services/payments/idempotency.ts';
import { redactResetTokens } from './services/auth/reset-link.ts';
import { BackgroundWork } from './services/background-work.ts';
import type { ModelConfig } from './services/ai-analyst/model-client.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppOptions {
  database: DatabaseHandle;
  jwtSecret: Uint8Array;
  /** AES-256-GCM key for secrets at rest (API tokens, credentials). */
  dataKey: Buffer;
  publicUrl: string;
  clock?: Clock;
  /** Pino logger options (a stream: where lines go), or false for silence (tests). */
  logger?: boolean | (LoggerOptions & { stream?: { write(line: string): void } });
  /** Which proxies' X-Forwarded-For to believe for the client address (Fastify trustProxy); none by default. */
  trustProxy?: boolean | string;
  smtpUrl?: string | undefined;
  /** Let outbound calls (PSP adapters, webhooks) reach private and loopback addresses (tests, local demos). */
  allowPrivateTargets?: boolean;
  mailFrom?: string;
  /** Folder of the built console; served when it exists. */
  consoleDir?: string | undefined;
  authRateLimitPerMinute?: number;
  /** REQUIRE_2FA_FOR_SUPERADMINS: a superadmin without two-factor sign-in must enrol before getting a session. */
  requireTwoFactorForSuperadmins?: boolean;
  /** How long a signed-in user's role, organisation and session version are reused per process (default 2 s; 0: never). */
  sessionUserTtlMs?: number;
  /** Per IP: hosted checkout, Record URL and bank choice posts (no sign-in). */
  publicRateLimitPerMinute?: number;
  /** Per IP: PSP callbacks to /api/webhooks/psp/* (a PSP sends from a few addresses). */
  pspWebhookRateLimitPerMinute?: number;
  apiLogFlushIntervalMs?: number;
  /** Which requests get a log line and an api_logs row (default DEFAULT_REQUEST_LOG_POLICY). */
  requestLog?: Partial<RequestLogPolicy>;
  /** How long an Idempotency-Key in progress is held without a renewal before a retry may take it over (default 30 s). */
  idempotencyLeaseMs?: number;
  /** Serve the built-in Sandbox PSP (default true; SANDBOX_PSP=off in production): its routes 404 when false. */
  sandboxPsp?: boolean;
  /** Per IP and route: requests to the Sandbox PSP (its API, pay page and Pay/Fail). */
  sandboxPspRateLimitPerMinute?: number;
  /** The AI analyst's optional OpenAI-compatible model (AI_BASE_URL, AI_API_KEY, AI_MODEL); the embedded engine otherwise. */
  aiModel?: ModelConfig | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    apiLogs: ApiLogBuffer;
    /** Work requests start without waiting for it (reset e-mails); settled() awaits it. */
    backgroundWork: BackgroundWork;
  }
}

/** What a log line says about a request (Fastify's default fields), its URL without reset tokens. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactResetTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/** Builds the Payrail HTTP application without listening; tests call `app.inject()`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const { db, kind } = options.database;
  const logger = options.logger ?? { level: 'info' };
  const requestLog = { ...DEFAULT_REQUEST_LOG_POLICY, ...options.requestLog };
  const app = Fastify({
    // Request URLs are logged without reset tokens (a reset page's path carries one); database errors without the
    // values they carried.
    logger: logger === false ? false : { ...(logger === true ? {} : logger), serializers: { req: requestForLog, err: serializeError } },
    logController: new OneLineRequestLog(requestLog),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    ajv: { customOptions: { removeAdditional: false, allErrors: true, coerceTypes: 'array', useDefaults: true } },
    schemaController: { compilersFactory: lazySchemaCompilers() },
    schemaErrorFormatter: (errors, dataVar) => new Error(formatValidationErrors(errors, dataVar)),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>();
  const log: FastifyBaseLogger = app.log;

  const mailer = createMailer({ db, clock, log, smtpUrl: options.smtpUrl, from: options.mailFrom ?? 'Payrail <no-reply@payrail.local>' });
  const apiLogs = new ApiLogBuffer({ db, log, flushIntervalMs: options.apiLogFlushIntervalMs ?? 1000 });
  const backgroundWork = new BackgroundWork(log);
  app.decorate('mailer', mailer);
  app.decorate('apiLogs', apiLogs);
  app.decorate('backgroundWork', backgroundWork);
  app.addHook('onClose', async () => {
    await backgroundWork.settled();
    await apiLogs.close();
    mailer.close();
  });

  await app.register(errorsPlugin);
  await app.register(inputTextPlugin);
  await app.register(securityHeadersPlugin, {
    helmet: {
      // API answers are JSON; the console plugin sets a page-specific policy on its HTML.
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginEmbedderPolicy: false,
    },
  });
  await app.register(compression);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many requests. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
    }),
  });
  app.addSchema(ErrorResponse);
  await app.register(swagger, {
    ...openApiAudience(),
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Payrail API', version: '0.1.0', description: 'Payment orchestration: payments, gateways, receipts, webhooks.' },
      // Paths are written from the site root: the API under /api, the customer pages beside it.
      servers: [{ url: options.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT or prt_ organisation token' } } },
    },
  });
  await app.register(authPlugin, {
    db,
    clock,
    jwtSecret: options.jwtSecret,
    ...(options.sessionUserTtlMs === undefined ? {} : { sessionUserTtlMs: options.sessionUserTtlMs }),
  });
  await app.register(import('./plugins/organisation-scope.ts'));
  await app.register(apiLogPlugin, { buffer: apiLogs, clock, reads: requestLog.apiLogReads });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db, kind });
      const requireTwoFactorForSuperadmins = options.requireTwoFactorForSuperadmins ?? false;
      await api.register(authRoutes, {
        db,
        clock,
        jwtSecret: options.jwtSecret,
        dataKey: options.dataKey,
        requireTwoFactorForSuperadmins,
        mailer,
        publicUrl: options.publicUrl,
        perIpPerMinute: options.authRateLimitPerMinute ?? 20,
        background: backgroundWork,
      });
      await api.register(twoFactorRoutes, {
        db,
        clock,
        jwtSecret: options.jwtSecret,
        dataKey: options.dataKey,
        requireTwoFactorForSuperadmins,
        perIpPerMinute: options.authRateLimitPerMinute ?? 20,
      });
      await api.register(sessionRoutes, { db, clock });
      await api.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
      await api.register(userRoutes, { db, clock, jwtSecret: options.jwtSecret });
      await api.register(countryRoutes, { db, clock });
      await api.register(currencyRoutes, { db, clock });
      const targets = { allowPrivate: options.allowPrivateTargets ?? false, trustedOrigins: [new URL(options.publicUrl).origin] };
      await api.register(organisationRoutes, { db, clock, dataKey: options.dataKey, targets });
      await api.register(organisationPublicUrlRoutes, { db, clock, dataKey: options.dataKey, publicUrl: options.publicUrl });
      await api.register(organisationApiTokenRoutes, { db, clock, dataKey: options.dataKey });
      await api.register(fileRoutes, { db, clock });
      await api.register(pspRoutes, { db, clock });
      await api.register(gatewayRoutes, { ctx: { db, clock, dataKey: options.dataKey, targets } });
      await api.register(bankRoutes, { ctx: { db, clock, dataKey: options.dataKey, targets } });
      const orchestration = { db, clock, dataKey: options.dataKey, publicUrl: options.publicUrl, targets };
      const leaseMs = options.idempotencyLeaseMs ?? DEFAULT_IDEMPOTENCY_LEASE_MS;
      await api.register(paymentRoutes, { ctx: orchestration, mailer, leaseMs });
      await api.register(refundRoutes, { ctx: orchestration });
      await api.register(paymentTimelineRoutes, { db, publicUrl: options.publicUrl });
      await api.register(publicCheckoutRoutes, { ctx: orchestration, perIpPerMinute: options.publicRateLimitPerMinute ?? 30, leaseMs });
      await api.register(receiptBatchRoutes, { db, clock });
      await api.register(webhookConfigRoutes, { ctx: { db, clock, dataKey: options.dataKey, targets } });
      await api.register(dashboardRoutes, { db, clock });
      await api.register(aiRoutes, { db, clock, model: options.aiModel });
      await api.register(logRoutes, { db });
      await api.register(auditEventRoutes, { db, clock });
      await api.register(pspWebhookRoutes, {
        ctx: { db, clock, dataKey: options.dataKey, targets },
        perIpPerMinute: options.pspWebhookRateLimitPerMinute ?? 600,
      });
      if (options.sandboxPsp ?? true) {
        await api.register(sandboxPspRoutes, {
          ctx: { db, clock, dataKey: options.dataKey, publicUrl: options.publicUrl, targets },
          perIpPerMinute: options.sandboxPspRateLimitPerMinute ?? 300,
        });
      }
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  // Customer-facing invoice, receipt and checkout pages live at the root (links handed to payers), before the console's `GET /*`.
  await app.register(receiptRoutes, { db });
  await app.register(creditNoteRoutes, { db });
  await app.register(checkoutPageRoutes, { db });

  app.setNotFoundHandler((request, reply) => {
    const message = `Route ${request.method} ${request.url.split('?', 1)[0] ?? ''} not found.`;
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message });
  });
  if (options.consoleDir && existsSync(options.consoleDir)) {
    await app.register(publicDocs, { distDir: options.consoleDir, publicUrl: options.publicUrl });
    await app.register(consoleStatic, { distDir: options.consoleDir });
  }

  return app;
}
