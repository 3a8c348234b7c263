/** True only for platform superadmins; every other role is treated as an organisation admin (docs/console.md#roles). */
export function isSuperadmin(role: string | null | undefined): boolean {
  return role === 'superadmin';
}

const ROLE_LABELS: Record<string, string> = {
  superadmin: 'Superadmin',
  orgadmin: 'Org Admin',
};

/** A human label for a role; unknown roles are shown as sent. */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return '';
  return ROLE_LABELS[role] ?? role;
}
