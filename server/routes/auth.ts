import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { AttemptLimiter } from '../services/auth/attempt-limiter.ts';
import { FORGOT_PASSWORD_ANSWER, login, requestPasswordReset, resetPassword } from '../services/auth/auth-service.ts';
import type { Mailer } from '../services/mail/mailer.ts';
import { Email, MessageResponse, PASSWORD_MAX, errorResponses } from '../schemas/common.ts';

export interface AuthRoutesOptions {
  db: Database;
  clock: Clock;
  jwtSecret: Uint8Array;
  mailer: Mailer;
  publicUrl: string;
  perIpPerMinute: number;
}

const LoginBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 320 }), password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }) },
  { additionalProperties: false },
);
const LoginResponse = Type.Object({ access_token: Type.String(), token_type: Type.Literal('Bearer'), expires_in: Type.Integer() });
const ForgotBody = Type.Object({ email: Email }, { additionalProperties: false });
const ResetBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }), password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }) },
  { additionalProperties: false },
);

const tooMany = (seconds: number) =>
  new HttpError(
    429,
    `Too many attempts for this account. Please try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`,
  );

/** Sign-in, forgot-password and reset-password; rate-limited per IP and per e-mail. */
const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, options) => {
  const { db, clock, jwtSecret, mailer, publicUrl } = options;
  const failedLogins = new AttemptLimiter({ clock, maxAttempts: 5, windowMs: 15 * 60 * 1000 });
  const resetRequests = new AttemptLimiter({ clock, maxAttempts: 3, windowMs: 60 * 60 * 1000 });
  const perIp = { rateLimit: { max: options.perIpPerMinute, timeWindow: 60_000 } };
  const keyOf = (email: string) => email.trim().toLowerCase();

  app.post(
    '/auth/login',
    {
      config: perIp,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: LoginBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 429, 500) },
      },
    },
    async (request) => {
      const key = keyOf(request.body.email);
      const wait = failedLogins.retryAfterSeconds(key);
      if (wait > 0) throw tooMany(wait);
      try {
        const token = await login({ db, clock, jwtSecret }, request.body.email, request.body.password);
        failedLogins.clear(key);
        return { access_token: token, token_type: 'Bearer' as const, expires_in: 12 * 60 * 60 };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) failedLogins.record(key);
        throw error;
      }
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: perIp,
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password-reset link (same answer whether or not the account exists)',
        body: ForgotBody,
        response: { 200: MessageResponse, ...errorResponses(400, 429, 500) },
      },
    },
    async (request) => {
      const key = keyOf(request.body.email);
      // Over the per-e-mail limit the answer stays the same; only the e-mail is not sent again.
      if (resetRequests.retryAfterSeconds(key) === 0) {
        resetRequests.record(key);
        await requestPasswordReset({ db, clock, jwtSecret, mailer, publicUrl }, request.body.email);
      }
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: perIp,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token (single use, one hour)',
        body: ResetBody,
        response: { 200: MessageResponse, ...errorResponses(400, 429, 500) },
      },
    },
    async (request) => {
      await resetPassword({ db, clock, jwtSecret }, request.body.token, request.body.password);
      return { message: 'Your password has been reset successfully!' };
    },
  );
};

export default authRoutes;
