import { systemClock } from '../clock.ts';
import type { Database } from './client.ts';
import { hashPassword } from '../services/auth/passwords.ts';
import { organisationWithCode } from '../services/organisations/organisations-repository.ts';
import { createOrganisation } from '../services/organisations/organisations-service.ts';
import { findUserByEmail, insertUser } from '../services/users/users-repository.ts';

export const DEMO_ORGANISATION = { name: 'Demo Organisation', code: 'DEMO', email: 'payments@demo.payrail.local', country: 'GH' };
export const DEMO_ORGADMIN_EMAIL = 'orgadmin@demo.payrail.local';

/**
 * Adds the demo organisation (Ghana, GHS and USD) and its orgadmin, idempotently, so a newcomer can
 * sign in as both roles. Later capabilities extend the demo with gateways and payments.
 */
export async function seedDemo(db: Database, dataKey: Buffer, orgadminPassword: string): Promise<{ orgId: number; created: boolean }> {
  const existing = await organisationWithCode(db, DEMO_ORGANISATION.code);
  const orgId =
    existing?.id ??
    (
      await createOrganisation(
        { db, clock: systemClock, dataKey },
        {
          ...DEMO_ORGANISATION,
          currencies: ['GHS', 'USD'],
          city: 'Accra',
          addressLine1: '12 Independence Avenue',
          receiptTitle: 'Official Receipt',
        },
      )
    ).id;
  if (await findUserByEmail(db, DEMO_ORGADMIN_EMAIL)) return { orgId, created: false };
  await insertUser(db, {
    name: 'Demo Org Admin',
    email: DEMO_ORGADMIN_EMAIL,
    role: 'orgadmin',
    orgId,
    passwordHash: await hashPassword(orgadminPassword),
  });
  return { orgId, created: true };
}
