import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../services/audit/audit-actor.ts';

/** What acts on a route no one signs in to: the checkout page, a Record URL, a PSP callback. */
export type PublicActorKind = 'checkout' | 'record-url' | 'psp-callback';

/**
 * The audit trail's actor of a request: the signed-in user (name, e-mail and role as they are now), the organisation
 * API token, or — on a public route — what the route serves; with the client address (request.ip, which honours
 * TRUST_PROXY) and user agent. Built from the caller `plugins/auth.ts` resolved; services take it as an argument.
 */
export function auditActorOf(request: FastifyRequest, publicKind?: PublicActorKind): AuditActor {
  const from = { clientAddress: request.ip ?? null, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
  const caller = request.user;
  if (caller?.via === 'api-token') {
    return { kind: 'api-token', userId: null, label: `API token of organisation ${caller.orgId}`, role: null, ...from };
  }
  if (caller) return { kind: 'user', userId: caller.id, label: `${caller.name} <${caller.email}>`, role: caller.role, ...from };
  const labels: Record<PublicActorKind | 'system', string> = {
    checkout: 'Checkout page',
    'record-url': 'Record URL',
    'psp-callback': 'PSP callback',
    system: 'Unauthenticated request',
  };
  return { kind: publicKind ?? 'system', userId: null, label: labels[publicKind ?? 'system'], role: null, ...from };
}

/** The actor of a sign-in attempt, before any session exists: the address and user agent, and who it claimed to be. */
export function signInActorOf(
  request: FastifyRequest,
  user: { id: number; name: string; email: string; role: string } | null,
  email: string,
): AuditActor {
  const from = { clientAddress: request.ip ?? null, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
  if (user) return { kind: 'user', userId: user.id, label: `${user.name} <${user.email}>`, role: user.role, ...from };
  return { kind: 'user', userId: null, label: email, role: null, ...from };
}
