import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../../../server/errors.ts';
import { assertCanSeeOrg, resolveOrgScope } from '../../../../../server/services/auth/scope.ts';

const orgadmin = { id: 1, role: 'orgadmin' as const, orgId: 10 };
const superadmin = { id: 2, role: 'superadmin' as const, orgId: null };
const statusOf = (fn: () => unknown) => {
  try {
    fn();
    return 200;
  } catch (error) {
    return error instanceof HttpError ? error.statusCode : 500;
  }
};

describe('organisation scope', () => {
  it('pins an orgadmin to its own organisation and hides others behind 404', () => {
    expect(resolveOrgScope(orgadmin)).toBe(10);
    expect(resolveOrgScope(orgadmin, 10)).toBe(10);
    expect(statusOf(() => resolveOrgScope(orgadmin, 11))).toBe(404);
    expect(statusOf(() => assertCanSeeOrg(orgadmin, 11))).toBe(404);
    expect(statusOf(() => assertCanSeeOrg(orgadmin, 10))).toBe(200);
  });

  it('lets a superadmin act on the organisation it names', () => {
    expect(resolveOrgScope(superadmin, 11)).toBe(11);
    expect(statusOf(() => resolveOrgScope(superadmin))).toBe(400);
    expect(statusOf(() => assertCanSeeOrg(superadmin, 99))).toBe(200);
  });
});
