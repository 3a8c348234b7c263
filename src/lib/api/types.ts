// Wire shapes shared by the console's API modules (spec §3, server contract).

export type Role = 'superadmin' | 'orgadmin';

export interface OrganisationRef {
  id: number;
  name: string;
}

export interface User {
  id: number;
  name: string;
  email: string;
  role: Role;
  avatar: string | null;
  orgId: number | null;
  organisation: OrganisationRef | null;
}

/** Replies that only carry a human-readable outcome. */
export interface MessageResponse {
  message: string;
}
