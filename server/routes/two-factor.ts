import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { auditActorOf } from '../plugins/audit-actor.ts';
import { callerOf } from '../plugins/auth.ts';
import { userOfChallenge } from '../services/auth/auth-service.ts';
import { startSession, type SessionSubject } from '../services/auth/sessions-service.ts';
import { spendAuthBudget } from '../services/auth/sign-in-throttle.ts';
import { TOKEN_LIFETIME_SECONDS } from '../services/auth/tokens.ts';
import { beginEnrolment, confirmEnrolment, disableTwoFactor, twoFactorStatus } from '../services/auth/two-factor-service.ts';
import { MessageResponse, authErrors } from '../../isomorphic/schemas/common.ts';
import {
  TwoFactorDisableBody,
  TwoFactorEnableBody,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '../../isomorphic/schemas/two-factor.ts';
import { clientInfoOf } from './client-info.ts';

export interface TwoFactorRoutesOptions {
  db: Database;
  clock: Clock;
  jwtSecret: Uint8Array;
  dataKey: Buffer;
  requireTwoFactorForSuperadmins: boolean;
  /** The per-address budget of /api/auth/* (shared with the sign-in routes: the same counter). */
  perIpPerMinute: number;
}

/** Who enrols: a signed-in user, or — REQUIRE_2FA_FOR_SUPERADMINS — a superadmin whose sign-in challenge asks for enrolment. */
type Enroller = { userId: number; sessionId: string | null; signingIn: SessionSubject | null };

/** The signed-in user's two-factor sign-in: status, set-up (secret and QR URI), enabling with a code, turning off. */
const twoFactorRoutes: FastifyPluginAsyncTypebox<TwoFactorRoutesOptions> = async (app, options) => {
  const { db, clock, jwtSecret, dataKey } = options;
  const ctx = { db, clock, jwtSecret, dataKey, requireForSuperadmins: options.requireTwoFactorForSuperadmins };
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET') await spendAuthBudget({ db, clock }, request.ip, options.perIpPerMinute);
  });

  const enrollerOf = async (request: FastifyRequest, reply: FastifyReply): Promise<Enroller> => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    // An enrolment challenge is not a session token: tell them apart by trying it as one first.
    const signingIn = bearer === undefined ? undefined : await userOfChallenge(ctx, bearer, 'enrol').catch(() => undefined);
    if (signingIn) return { userId: signingIn.id, sessionId: null, signingIn };
    await app.authenticate.call(app, request, reply);
    const caller = callerOf(request);
    return { userId: caller.id, sessionId: caller.sessionId, signingIn: null };
  };

  const common = { tags: ['auth'], security: [{ bearer: [] }] };

  app.get(
    '/auth/2fa',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'Your two-factor sign-in: on or off, recovery codes left',
        response: { 200: TwoFactorStatus, ...authErrors },
      },
    },
    async (request) => twoFactorStatus(ctx, callerOf(request).id),
  );

  app.post(
    '/auth/2fa/setup',
    {
      schema: {
        ...common,
        summary: 'Start setting up two-factor sign-in: a new secret and its otpauth:// URI for the QR code',
        response: { 200: TwoFactorSetupResponse, ...authErrors, 409: authErrors[400] },
      },
    },
    async (request, reply) => beginEnrolment(ctx, (await enrollerOf(request, reply)).userId, auditActorOf(request)),
  );

  app.post(
    '/auth/2fa/enable',
    {
      schema: {
        ...common,
        summary: 'Turn two-factor sign-in on with a code from the app: ten recovery codes, shown once; other sessions end',
        body: TwoFactorEnableBody,
        response: { 200: TwoFactorEnableResponse, ...authErrors, 409: authErrors[400] },
      },
    },
    async (request, reply) => {
      const enroller = await enrollerOf(request, reply);
      const recoveryCodes = await confirmEnrolment(ctx, enroller.userId, request.body.code, enroller.sessionId, auditActorOf(request));
      if (!enroller.signingIn) return { recoveryCodes };
      // The enrolment was the second step of a sign-in: it opens the session the password alone could not.
      const token = await startSession(ctx, enroller.signingIn, clientInfoOf(request));
      return { recoveryCodes, access_token: token, token_type: 'Bearer' as const, expires_in: TOKEN_LIFETIME_SECONDS };
    },
  );

  app.post(
    '/auth/2fa/disable',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'Turn two-factor sign-in off with your password or a code; other sessions end',
        body: TwoFactorDisableBody,
        response: { 200: MessageResponse, ...authErrors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await disableTwoFactor(ctx, caller.id, request.body, caller.sessionId, auditActorOf(request));
      return { message: 'Two-factor authentication turned off.' };
    },
  );
};

export default twoFactorRoutes;
