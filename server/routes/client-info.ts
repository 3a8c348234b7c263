import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../services/auth/sessions-service.ts';

/** Where a request came from, as a session records it: the client address and the user agent. */
export function clientInfoOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}
