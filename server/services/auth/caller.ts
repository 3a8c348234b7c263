import type { Role } from './tokens.ts';

/** Who makes a call: a user's id, role and organisation (null when it has none). */
export interface Caller {
  id: number;
  role: Role;
  orgId: number | null;
}
