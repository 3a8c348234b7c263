import { atom } from 'nanostores';

/** Organisation a superadmin is currently acting on (payments, settings, logs); null until chosen. */
export const $selectedOrgId = atom<number | null>(null);

/** Chooses the organisation superadmin screens act on. */
export function selectOrganisation(id: number | null): void {
  $selectedOrgId.set(id);
}

/** Keeps the current choice if it is still in `organisations`, else picks the first (spec: first by default). */
export function ensureSelectedOrganisation(organisations: readonly { id: number }[]): number | null {
  const current = $selectedOrgId.get();
  if (current !== null && organisations.some((org) => org.id === current)) return current;
  const first = organisations[0]?.id ?? null;
  $selectedOrgId.set(first);
  return first;
}
