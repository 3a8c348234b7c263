import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../clock.ts';
import { auditActorOf } from '../plugins/audit-actor.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import {
  FORGOT_PASSWORD_ANSWER,
  completeTwoFactorSignIn,
  login,
  requestPasswordReset,
  resetPassword,
  userOfChallenge,
} from '../services/auth/auth-service.ts';
import { TOKEN_LIFETIME_SECONDS } from '../services/auth/tokens.ts';
import {
  assertSignInAllowed,
  recordFailedSignIn,
  recordSignIn,
  spendAuthBudget,
  takeResetMailSlot,
} from '../services/auth/sign-in-throttle.ts';
import type { BackgroundWork } from '../services/background-work.ts';
import type { Mailer } from '../services/mail/mailer.ts';
import {
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  ResetPasswordWithTokenBody,
  SessionTokenResponse,
  TwoFactorVerifyBody,
} from '../../isomorphic/schemas/auth.ts';
import { clientInfoOf } from './client-info.ts';
import { MessageResponse, errorResponses } from '../../isomorphic/schemas/common.ts';

export interface AuthRoutesOptions {
  db: Database;
  clock: Clock;
  jwtSecret: Uint8Array;
  /** Seals TOTP secrets. */
  dataKey: Buffer;
  /** REQUIRE_2FA_FOR_SUPERADMINS: a superadmin without 2FA enrols before getting a session. */
  requireTwoFactorForSuperadmins: boolean;
  mailer: Mailer;
  publicUrl: string;
  /** Requests per minute one client address may make to /api/auth/*, all routes together. */
  perIpPerMinute: number;
  background: BackgroundWork;
}

/**
 * Sign-in (password, then the second factor where due), forgot-password and reset-password: one per-address budget
 * for all, sign-in and its code throttled per account and address.
 */
const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, options) => {
  const { db, clock, jwtSecret, mailer, publicUrl, background } = options;
  const throttle = { db, clock };
  const signIn = { db, clock, jwtSecret, dataKey: options.dataKey, requireForSuperadmins: options.requireTwoFactorForSuperadmins };
  const session = (token: string) => ({ access_token: token, token_type: 'Bearer' as const, expires_in: TOKEN_LIFETIME_SECONDS });
  // Encapsulated in this plugin: every /api/auth/* route spends from the same budget.
  app.addHook('onRequest', async (request) => spendAuthBudget(throttle, request.ip, options.perIpPerMinute));

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password (a session, or a challenge for the two-factor step)',
        body: LoginBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 429, 500) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      await assertSignInAllowed(throttle, email, request.ip);
      try {
        const result = await login(signIn, email, password, clientInfoOf(request), auditActorOf(request));
        // Only a whole sign-in ends the failure streak: the password alone must not wipe the count of wrong codes.
        if (!('session' in result)) {
          return { two_factor: result.step, challenge_token: result.challengeToken, expires_in: result.expiresIn };
        }
        await recordSignIn(throttle, email, request.ip);
        return session(result.session);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) await recordFailedSignIn(throttle, email, request.ip);
        throw error;
      }
    },
  );

  app.post(
    '/auth/2fa/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second step of a sign-in: the challenge and a 6-digit code or a recovery code (single use)',
        body: TwoFactorVerifyBody,
        response: { 200: SessionTokenResponse, ...errorResponses(400, 401, 429, 500) },
      },
    },
    async (request) => {
      const user = await userOfChallenge(signIn, request.body.challenge_token, 'code');
      // Codes are guessed like passwords: the same per-account-and-address counter slows and blocks them.
      await assertSignInAllowed(throttle, user.email, request.ip);
      try {
        const token = await completeTwoFactorSignIn(signIn, user, request.body.code, clientInfoOf(request), auditActorOf(request));
        await recordSignIn(throttle, user.email, request.ip);
        return session(token);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) await recordFailedSignIn(throttle, user.email, request.ip);
        throw error;
      }
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password-reset link (same answer whether or not the account exists)',
        body: ForgotPasswordBody,
        response: { 200: MessageResponse, ...errorResponses(400, 429, 500) },
      },
    },
    async (request) => {
      const { email } = request.body;
      // Answered before any lookup: known and unknown e-mails take the same time. Over the per-e-mail limit the
      // answer stays the same; only no e-mail is sent.
      const from = auditActorOf(request);
      background.run('password reset e-mail', async () => {
        if (await takeResetMailSlot(throttle, email)) await requestPasswordReset({ db, clock, jwtSecret, mailer, publicUrl }, email, from);
      });
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token (single use, one hour)',
        body: ResetPasswordWithTokenBody,
        response: { 200: MessageResponse, ...errorResponses(400, 429, 500) },
      },
    },
    async (request) => {
      await resetPassword({ db, clock, jwtSecret }, request.body.token, request.body.password, auditActorOf(request));
      return { message: 'Your password has been reset successfully!' };
    },
  );
};

export default authRoutes;
