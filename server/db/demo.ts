import { systemClock } from '../clock.ts';
import type { Database } from './client.ts';
import { hashPassword } from '../services/auth/passwords.ts';
import { organisationWithCode } from '../services/organisations/organisations-repository.ts';
import { createOrganisation } from '../services/organisations/organisations-service.ts';
import { findUserByEmail, insertUser } from '../services/users/users-repository.ts';
import { createGateway } from '../services/gateways/gateways-service.ts';
import { listGateways } from '../services/gateways/gateways-repository.ts';
import { listBanks } from '../services/banks/banks-repository.ts';
import { createBank } from '../services/banks/banks-service.ts';
import { seedDemoPayments } from './demo-payments.ts';
import { sandboxBankConfig, sandboxEntry } from './provider-catalogue.ts';

export const DEMO_ORGANISATION = { name: 'Demo Organisation', code: 'DEMO', email: 'payments@demo.payrail.local', country: 'GH' };
export const DEMO_ORGADMIN_EMAIL = 'orgadmin@demo.payrail.local';
// The sandbox signs its webhooks with the merchant's key (as Paystack does), so both credentials match.
const DEMO_SANDBOX_KEY = 'sk_sandbox_demo_payrail';

/**
 * Adds the demo organisation (Ghana, GHS and USD) and its orgadmin, idempotently, so a newcomer can
 * sign in as both roles, with a gateway and a bank on the Sandbox PSP and 60 realistic payments of the
 * last 30 days when the public URL is known.
 */
export async function seedDemo(
  db: Database,
  dataKey: Buffer,
  orgadminPassword: string,
  publicUrl?: string,
): Promise<{ orgId: number; created: boolean }> {
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
  if (publicUrl && (await listGateways(db, orgId)).length === 0) {
    // A gateway on the built-in Sandbox PSP, so the demo can take payments with no outside network.
    const targets = { allowPrivate: false, trustedOrigins: [new URL(publicUrl).origin] };
    await createGateway({ db, clock: systemClock, dataKey, targets }, orgId, {
      name: 'Sandbox',
      provider: 'sandbox',
      secretKey: DEMO_SANDBOX_KEY,
      webhookSecret: DEMO_SANDBOX_KEY,
      sandbox: true,
      config: sandboxEntry(publicUrl).sampleConfig,
    });
  }
  if (publicUrl && (await listBanks(db, orgId)).length === 0) {
    // A bank whose online checkout is the Sandbox PSP, so bank checkout can be tried end to end too.
    const targets = { allowPrivate: false, trustedOrigins: [new URL(publicUrl).origin] };
    await createBank({ db, clock: systemClock, dataKey, targets }, orgId, {
      code: 'SANDBOX',
      name: 'Sandbox Bank',
      apiConfig: sandboxBankConfig(publicUrl, DEMO_SANDBOX_KEY),
    });
  }
  if (publicUrl) {
    const targets = { allowPrivate: false, trustedOrigins: [new URL(publicUrl).origin] };
    const [gateway] = await listGateways(db, orgId);
    await seedDemoPayments({ db, dataKey, publicUrl, targets, clock: systemClock, orgId, gatewayId: gateway?.id ?? null });
  }
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
