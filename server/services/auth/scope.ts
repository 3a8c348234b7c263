import { badRequest, notFound } from '../../errors.ts';
import type { Role } from './tokens.ts';

export interface Caller {
  id: number;
  role: Role;
  orgId: number | null;
}

/**
 * The organisation a request acts on: an orgadmin always its own (a different requested id is
 * answered 404, never revealing that it exists); a superadmin the one it names.
 */
export function resolveOrgScope(caller: Caller, requestedOrgId?: number): number {
  if (caller.role === 'superadmin') {
    if (requestedOrgId === undefined) throw badRequest('Choose an organisation.');
    return requestedOrgId;
  }
  if (caller.orgId === null || (requestedOrgId !== undefined && requestedOrgId !== caller.orgId)) throw notFound();
  return caller.orgId;
}

/** Throws 404 unless the caller may see a resource of the given organisation (null = global). */
export function assertCanSeeOrg(caller: Caller, resourceOrgId: number | null): void {
  if (caller.role === 'superadmin') return;
  if (resourceOrgId === null || resourceOrgId !== caller.orgId) throw notFound();
}
