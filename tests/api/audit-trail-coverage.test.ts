// Every state-changing operation of the OpenAPI document (every method but GET and HEAD), performed once with a valid
// request: each must write exactly one audit entry, with the right actor and action and no secret it was sent in
// clear. An operation without a fixture below FAILS: a new route that changes state must say what it audits.
import { gt } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxBankConfig, sandboxEntry } from '../../server/db/provider-catalogue.ts';
import { auditEvents } from '../../server/db/schema.ts';
import type { AuditActorKind } from '../../isomorphic/schemas/audit.ts';
import { buildListeningTestApp, createOrganisation, createUser, signIn, type TestApp } from '../helpers/app.ts';
import { captureMail, lastResetToken } from '../helpers/mail-capture.ts';
import { readFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';

type Json = Record<string, unknown>;

interface Fixture {
  /** Makes what the request acts on and returns the request (the path's parameters filled in). */
  request: () => Promise<InjectOptions>;
  action: string;
  actor: AuditActorKind;
  /** Values sent in clear that no entry may hold. */
  secrets?: string[];
  /** Entries written; 1 unless said (a Record URL payment is created and completed: two). */
  entries?: number;
}

/** An operation that changes nothing Payrail keeps, and why. */
interface NotAudited {
  notAudited: string;
}

let t: TestApp & { publicUrl: string };
let orgId: number;
let root: string;
let admin: string;
let sent: ReturnType<typeof captureMail>;
let counter = 0;
const unique = () => ++counter;
const SANDBOX_KEY = 'sk_sandbox_audit_coverage_secret';

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const json = (response: { body: string }) => JSON.parse(response.body) as Json;

async function call(token: string, method: InjectOptions['method'], url: string, payload?: unknown) {
  const response = await t.app.inject({ method, url, headers: as(token), ...(payload === undefined ? {} : { payload: payload as Json }) });
  if (response.statusCode >= 300) throw new Error(`${String(method)} ${url} answered ${response.statusCode}: ${response.body}`);
  return json(response);
}

async function newPayment(extra: Json = {}): Promise<string> {
  const created = await call(admin, 'POST', '/api/payments', {
    amount: '12.50',
    customerName: 'Ama',
    description: 'Audit',
    customerEmail: 'ama@example.com',
    ...extra,
  });
  return created['id'] as string;
}

function imageForm(field: string): FormData {
  const form = new FormData();
  form.append(
    field,
    new Blob([new Uint8Array(readFileSync(new URL('../fixtures/pixel.png', import.meta.url)))], { type: 'image/png' }),
    'pixel.png',
  );
  return form;
}

async function checkoutToken(): Promise<string> {
  const { url } = await call(admin, 'GET', '/api/organisations/my-organisation/checkout-url');
  return String(url).split('/').at(-1)!;
}

async function recordToken(): Promise<string> {
  const { url } = await call(admin, 'GET', '/api/organisations/my-organisation/record-url');
  return String(url).split('/').at(-1)!;
}

async function failedDelivery(): Promise<number> {
  await call(admin, 'PATCH', '/api/organisations/my-organisation/webhook-config', {
    callbackUrl: 'https://hooks.example.com/payrail',
    webhookSecret: 'whsec_' + Buffer.alloc(32, 9).toString('base64'),
  });
  await newPayment();
  const { items } = (await call(admin, 'GET', '/api/organisations/my-organisation/webhook-deliveries')) as { items: { id: number }[] };
  return items[0]!.id;
}

async function sandboxPayment(): Promise<{ reference: string; providerReference: string }> {
  const created = await call(admin, 'POST', '/api/payments', {
    amount: '40.00',
    customerName: 'Esi',
    customerEmail: 'esi@example.com',
    description: 'Sandbox',
    processViaGateway: true,
  });
  const checkoutUrl = (created['gatewayInit'] as { checkoutUrl: string }).checkoutUrl;
  return { reference: created['id'] as string, providerReference: checkoutUrl.split('/').at(-1)! };
}

const user = (action: string, extra: Partial<Fixture> = {}) => ({ action, actor: 'user' as const, ...extra });

/** A new orgadmin of the organisation, signed in; `sessions` sign-ins make that many sessions (the last token returned). */
async function freshUser(sessions = 1): Promise<{ email: string; token: string }> {
  const email = `member${unique()}@audit.test`;
  await createUser(t.db, { email, orgId });
  let token = '';
  for (let index = 0; index < sessions; index++) token = await signIn(t.app, email);
  return { email, token };
}

/** A fresh user with two-factor sign-in on: its session token, password and one recovery code. */
async function twoFactorUser(): Promise<{ email: string; token: string; recoveryCode: string }> {
  const { email, token } = await freshUser();
  const { secret } = (await call(token, 'POST', '/api/auth/2fa/setup')) as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.clock.now().getTime() });
  const { recoveryCodes } = (await call(token, 'POST', '/api/auth/2fa/enable', { code })) as { recoveryCodes: string[] };
  return { email, token, recoveryCode: recoveryCodes[0]! };
}

/** A Success payment of the organisation (marked as paid), whose refunds are recorded as made outside Payrail. */
async function paidPayment(): Promise<string> {
  const reference = await newPayment();
  await call(admin, 'PATCH', `/api/payments/${reference}/mark-success`);
  return reference;
}

const FIXTURES: Record<string, Fixture | NotAudited> = {
  'POST /api/auth/login': {
    ...user('auth.sign-in'),
    request: async () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@audit.test', password: 'correct horse battery' },
    }),
    secrets: ['correct horse battery'],
  },
  'POST /api/auth/forgot-password': {
    ...user('auth.password-reset.request'),
    request: async () => ({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'admin@audit.test' } }),
  },
  'POST /api/auth/reset-password': {
    ...user('auth.password.reset'),
    secrets: ['a brand new password 1'],
    request: async () => {
      const email = `reset${unique()}@audit.test`;
      await createUser(t.db, { email, orgId });
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      await waitFor(() => sent.some((mail) => mail.to === email));
      return {
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: lastResetToken(sent, email), password: 'a brand new password 1' },
      };
    },
  },
  'PATCH /api/users/me/profile': {
    ...user('user.profile.update'),
    request: async () => ({ method: 'PATCH', url: '/api/users/me/profile', headers: as(admin), payload: { name: `Admin ${unique()}` } }),
  },
  'POST /api/users/change-password': {
    ...user('user.password.change'),
    secrets: ['correct horse battery', 'another good password'],
    request: async () => {
      const email = `changer${unique()}@audit.test`;
      await createUser(t.db, { email, orgId });
      const token = await signIn(t.app, email);
      return {
        method: 'POST',
        url: '/api/users/change-password',
        headers: as(token),
        payload: { currentPassword: 'correct horse battery', newPassword: 'another good password' },
      };
    },
  },
  'POST /api/users': {
    ...user('user.create'),
    secrets: ['a fine new password'],
    request: async () => ({
      method: 'POST',
      url: '/api/users',
      headers: as(admin),
      payload: { name: 'New', email: `new${unique()}@audit.test`, password: 'a fine new password' },
    }),
  },
  'PATCH /api/users/{id}': {
    ...user('user.update'),
    request: async () => {
      const id = await createUser(t.db, { email: `edit${unique()}@audit.test`, orgId });
      return { method: 'PATCH', url: `/api/users/${id}`, headers: as(admin), payload: { name: 'Edited' } };
    },
  },
  'POST /api/users/{id}/reset-password': {
    ...user('user.password.reset'),
    secrets: ['reset by the admin'],
    request: async () => {
      const id = await createUser(t.db, { email: `forgot${unique()}@audit.test`, orgId });
      return { method: 'POST', url: `/api/users/${id}/reset-password`, headers: as(admin), payload: { newPassword: 'reset by the admin' } };
    },
  },
  'DELETE /api/users/{id}': {
    ...user('user.delete'),
    request: async () => {
      const id = await createUser(t.db, { email: `gone${unique()}@audit.test`, orgId });
      return { method: 'DELETE', url: `/api/users/${id}`, headers: as(admin) };
    },
  },
  'POST /api/organisations': {
    ...user('organisation.create'),
    request: async () => ({
      method: 'POST',
      url: '/api/organisations',
      headers: as(root),
      payload: { name: 'Created Org', code: `NEW${unique()}`, email: 'new@org.test', country: 'GH', currencies: 'GHS' },
    }),
  },
  'PATCH /api/organisations/my-organisation': {
    ...user('organisation.update'),
    request: async () => ({
      method: 'PATCH',
      url: '/api/organisations/my-organisation',
      headers: as(admin),
      payload: { phone: `+23320${unique()}` },
    }),
  },
  'POST /api/organisations/my-organisation/logo': {
    ...user('organisation.logo.update'),
    request: async () => ({
      method: 'POST',
      url: '/api/organisations/my-organisation/logo',
      headers: as(admin),
      payload: imageForm('logo'),
    }),
  },
  'PATCH /api/organisations/{id}': {
    ...user('organisation.update'),
    request: async () => ({
      method: 'PATCH',
      url: `/api/organisations/${orgId}`,
      headers: as(root),
      payload: { name: `Audit Org ${unique()}` },
    }),
  },
  'POST /api/organisations/{id}/logo': {
    ...user('organisation.logo.update'),
    request: async () => ({ method: 'POST', url: `/api/organisations/${orgId}/logo`, headers: as(root), payload: imageForm('logo') }),
  },
  'DELETE /api/organisations/{id}': {
    ...user('organisation.delete'),
    request: async () => {
      const id = await createOrganisation(t.db, `Doomed ${unique()}`);
      return { method: 'DELETE', url: `/api/organisations/${id}`, headers: as(root) };
    },
  },
  'POST /api/organisations/my-organisation/checkout-token/rotate': {
    ...user('organisation.checkout-token.rotate'),
    request: async () => ({ method: 'POST', url: '/api/organisations/my-organisation/checkout-token/rotate', headers: as(admin) }),
  },
  'POST /api/organisations/{id}/checkout-token/rotate': {
    ...user('organisation.checkout-token.rotate'),
    request: async () => ({ method: 'POST', url: `/api/organisations/${orgId}/checkout-token/rotate`, headers: as(root) }),
  },
  'POST /api/files/upload': {
    ...user('file.upload'),
    request: async () => ({ method: 'POST', url: '/api/files/upload', headers: as(admin), payload: imageForm('file') }),
  },
  'POST /api/psp': {
    ...user('provider.create'),
    request: async () => ({ method: 'POST', url: '/api/psp', headers: as(root), payload: { name: `psp-${unique()}` } }),
  },
  'DELETE /api/psp/{id}': {
    ...user('provider.delete'),
    request: async () => {
      const created = await call(root, 'POST', '/api/psp', { name: `psp-${unique()}` });
      return { method: 'DELETE', url: `/api/psp/${String(created['id'])}`, headers: as(root) };
    },
  },
  ...scopedCrud(
    'gateway',
    '/api/gateways',
    () => root,
    () => gatewayBody(),
  ),
  ...scopedCrud(
    'gateway',
    '/api/organisations/my-organisation/gateways',
    () => admin,
    () => gatewayBody(),
  ),
  ...scopedCrud(
    'bank',
    '/api/banks',
    () => root,
    () => bankBody(),
  ),
  ...scopedCrud(
    'bank',
    '/api/organisations/my-organisation/banks',
    () => admin,
    () => bankBody(),
  ),
  'POST /api/payments': {
    action: 'payment.create',
    actor: 'user',
    request: async () => ({
      method: 'POST',
      url: '/api/payments',
      headers: as(admin),
      payload: { amount: '3.00', customerName: 'K', customerEmail: 'k@example.com', description: 'D' },
    }),
  },
  'PATCH /api/payments/{id}/mark-success': {
    ...user('payment.mark-paid'),
    request: async () => ({ method: 'PATCH', url: `/api/payments/${await newPayment()}/mark-success`, headers: as(admin) }),
  },
  'POST /api/payments/{id}/messages': {
    ...user('payment.message.send'),
    request: async () => ({
      method: 'POST',
      url: `/api/payments/${await newPayment()}/messages`,
      headers: as(admin),
      payload: { subject: 'Hello', body: 'Your invoice' },
    }),
  },
  'POST /api/receipt-batches': {
    ...user('receipt-batch.create'),
    request: async () => ({ method: 'POST', url: '/api/receipt-batches', headers: as(admin), payload: { prefix: `B${unique()}-` } }),
  },
  'PATCH /api/receipt-batches/{id}/activate': {
    ...user('receipt-batch.activate'),
    request: async () => {
      const batch = await call(admin, 'POST', '/api/receipt-batches', { prefix: `A${unique()}-` });
      return { method: 'PATCH', url: `/api/receipt-batches/${String(batch['id'])}/activate`, headers: as(admin) };
    },
  },
  'DELETE /api/receipt-batches/{id}': {
    ...user('receipt-batch.delete'),
    request: async () => {
      const batch = await call(admin, 'POST', '/api/receipt-batches', { prefix: `D${unique()}-` });
      return { method: 'DELETE', url: `/api/receipt-batches/${String(batch['id'])}`, headers: as(admin) };
    },
  },
  'PATCH /api/organisations/my-organisation/webhook-config': {
    ...user('webhook-config.update'),
    secrets: ['whsec_' + Buffer.alloc(32, 5).toString('base64')],
    request: async () => ({
      method: 'PATCH',
      url: '/api/organisations/my-organisation/webhook-config',
      headers: as(admin),
      payload: { callbackUrl: 'https://hooks.example.com/a', webhookSecret: 'whsec_' + Buffer.alloc(32, 5).toString('base64') },
    }),
  },
  'PATCH /api/organisations/{id}/webhook-config': {
    ...user('webhook-config.update'),
    request: async () => ({
      method: 'PATCH',
      url: `/api/organisations/${orgId}/webhook-config`,
      headers: as(root),
      payload: { autoNotify: true },
    }),
  },
  'POST /api/organisations/my-organisation/webhook-deliveries/{deliveryId}/resend': {
    ...user('webhook-delivery.resend'),
    request: async () => ({
      method: 'POST',
      url: `/api/organisations/my-organisation/webhook-deliveries/${await failedDelivery()}/resend`,
      headers: as(admin),
    }),
  },
  'POST /api/organisations/{id}/webhook-deliveries/{deliveryId}/resend': {
    ...user('webhook-delivery.resend'),
    request: async () => ({
      method: 'POST',
      url: `/api/organisations/${orgId}/webhook-deliveries/${await failedDelivery()}/resend`,
      headers: as(root),
    }),
  },
  'POST /api/organisations/my-organisation/webhook-deliveries/recover': {
    ...user('webhook-delivery.recover'),
    request: async () => ({
      method: 'POST',
      url: '/api/organisations/my-organisation/webhook-deliveries/recover',
      headers: as(admin),
      payload: { since: '2020-01-01T00:00:00Z' },
    }),
  },
  'POST /api/organisations/{id}/webhook-deliveries/recover': {
    ...user('webhook-delivery.recover'),
    request: async () => ({
      method: 'POST',
      url: `/api/organisations/${orgId}/webhook-deliveries/recover`,
      headers: as(root),
      payload: { since: '2020-01-01T00:00:00Z' },
    }),
  },
  'POST /api/organisations/my-organisation/webhook-test': {
    ...user('webhook.test'),
    request: async () => ({ method: 'POST', url: '/api/organisations/my-organisation/webhook-test', headers: as(admin) }),
  },
  'POST /api/organisations/{id}/webhook-test': {
    ...user('webhook.test'),
    request: async () => ({ method: 'POST', url: `/api/organisations/${orgId}/webhook-test`, headers: as(root) }),
  },
  ...referenceCrud('country', '/api/countries', () => ({ name: `Land ${unique()}`, code: `Q${String.fromCharCode(65 + (counter % 26))}` })),
  ...referenceCrud('currency', '/api/currencies', () => ({
    name: `Coin ${unique()}`,
    code: `Q${String.fromCharCode(65 + (counter % 26))}${String.fromCharCode(65 + ((counter * 7) % 26))}`,
    baseUnit: 100,
  })),
  'POST /api/payment/checkout/{token}': {
    action: 'payment.create',
    actor: 'checkout',
    request: async () => ({
      method: 'POST',
      url: `/api/payment/checkout/${await checkoutToken()}`,
      payload: { amount: '7.00', customerName: 'Yaw', customerEmail: 'yaw@example.com' },
    }),
  },
  'POST /api/payment/record/{token}': {
    action: 'payment.record-url',
    actor: 'record-url',
    entries: 2,
    request: async () => ({
      method: 'POST',
      url: `/api/payment/record/${await recordToken()}`,
      payload: { amount: '8.00', customerName: 'Abena', customerEmail: 'abena@example.com' },
    }),
  },
  'POST /api/checkout/banks/{reference}/select': {
    action: 'payment.bank.select',
    actor: 'checkout',
    request: async () => {
      const bank = await call(admin, 'POST', '/api/organisations/my-organisation/banks', {
        ...bankBody(),
        apiConfig: sandboxBankConfig(t.publicUrl, 'sk_sandbox_bank_audit'),
      });
      const reference = await newPayment({ isBankPayment: true });
      return { method: 'POST', url: `/api/checkout/banks/${reference}/select`, payload: { bankCode: String(bank['code']) } };
    },
  },
  'POST /api/webhooks/psp/{provider}': {
    action: 'payment.webhook',
    actor: 'psp-callback',
    request: async () => {
      const { reference } = await sandboxPayment();
      const raw = JSON.stringify({ event: 'payment.completed', reference, status: 'success' });
      const { createHmac } = await import('node:crypto');
      const signature = createHmac('sha256', SANDBOX_KEY).update(raw).digest('hex');
      return {
        method: 'POST',
        url: '/api/webhooks/psp/sandbox',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
        payload: raw,
      };
    },
  },
  'POST /api/auth/2fa/setup': {
    ...user('user.two-factor.setup'),
    request: async () => ({ method: 'POST', url: '/api/auth/2fa/setup', headers: as((await freshUser()).token) }),
  },
  'POST /api/auth/2fa/enable': {
    ...user('user.two-factor.enable'),
    request: async () => {
      const { token } = await freshUser();
      const { secret } = (await call(token, 'POST', '/api/auth/2fa/setup')) as { secret: string };
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: t.clock.now().getTime() });
      return { method: 'POST', url: '/api/auth/2fa/enable', headers: as(token), payload: { code } };
    },
  },
  'POST /api/auth/2fa/disable': {
    ...user('user.two-factor.disable'),
    secrets: ['correct horse battery'],
    request: async () => ({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      headers: as((await twoFactorUser()).token),
      payload: { password: 'correct horse battery' },
    }),
  },
  'POST /api/auth/2fa/verify': {
    ...user('auth.sign-in'),
    request: async () => {
      const { email, recoveryCode } = await twoFactorUser();
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'correct horse battery' } });
      const { challenge_token } = json(login) as { challenge_token: string };
      return { method: 'POST', url: '/api/auth/2fa/verify', payload: { challenge_token, code: recoveryCode } };
    },
  },
  'DELETE /api/auth/sessions/{id}': {
    ...user('auth.session.revoke'),
    request: async () => {
      const { token } = await freshUser(2);
      const { items } = (await call(token, 'GET', '/api/auth/sessions')) as { items: { id: string; current: boolean }[] };
      const other = items.find((session) => !session.current)!;
      return { method: 'DELETE', url: `/api/auth/sessions/${other.id}`, headers: as(token) };
    },
  },
  'POST /api/auth/logout': {
    ...user('auth.sign-out'),
    request: async () => ({ method: 'POST', url: '/api/auth/logout', headers: as((await freshUser()).token) }),
  },
  'POST /api/auth/sessions/revoke-others': {
    ...user('auth.session.revoke-others'),
    request: async () => ({ method: 'POST', url: '/api/auth/sessions/revoke-others', headers: as((await freshUser(2)).token) }),
  },
  'POST /api/organisations/my-organisation/api-token/rotate': {
    ...user('organisation.api-token.rotate'),
    request: async () => ({
      method: 'POST',
      url: '/api/organisations/my-organisation/api-token/rotate',
      headers: as(admin),
      payload: { graceHours: 1 },
    }),
  },
  'POST /api/organisations/{id}/api-token/rotate': {
    ...user('organisation.api-token.rotate'),
    request: async () => ({
      method: 'POST',
      url: `/api/organisations/${orgId}/api-token/rotate`,
      headers: as(root),
      payload: { graceHours: 0 },
    }),
  },
  'POST /api/payments/{id}/cancel': {
    ...user('payment.cancel'),
    request: async () => ({ method: 'POST', url: `/api/payments/${await newPayment()}/cancel`, headers: as(admin), payload: {} }),
  },
  'POST /api/payments/{id}/refunds': {
    ...user('refund.create'),
    request: async () => ({
      method: 'POST',
      url: `/api/payments/${await paidPayment()}/refunds`,
      headers: as(admin),
      payload: { amount: '2.00', reason: 'Damaged on arrival' },
    }),
  },
  'POST /api/sandbox-psp/refunds': { notAudited: "the Sandbox PSP stands in for an external PSP: its own records are not Payrail's" },
  'POST /api/sandbox-psp/transactions': { notAudited: "the Sandbox PSP stands in for an external PSP: its own records are not Payrail's" },
  'POST /api/sandbox-psp/pay/{providerReference}': {
    // Paying at the Sandbox PSP sends Payrail its signed callback, which changes the payment.
    action: 'payment.webhook',
    actor: 'psp-callback',
    request: async () => {
      const { providerReference } = await sandboxPayment();
      return {
        method: 'POST',
        url: `/api/sandbox-psp/pay/${providerReference}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=success',
      };
    },
  },
  'POST /api/ai/query': { notAudited: 'a question answered from the payments: it changes nothing' },
};

function gatewayBody(): Json {
  return {
    name: `Gateway ${unique()}`,
    provider: 'sandbox',
    secretKey: 'sk_gateway_secret_value_1234',
    config: sandboxEntry(t.publicUrl).sampleConfig,
  };
}
function bankBody(): Json {
  return { code: `BK${unique()}`, name: 'Bank', apiConfig: sandboxEntry(t.publicUrl).sampleConfig };
}

function scopedCrud(type: string, prefix: string, token: () => string, bodyOf: () => Json): Record<string, Fixture> {
  const make = async () => String((await call(token(), 'POST', prefix, bodyOf()))['id']);
  return {
    [`POST ${prefix}`]: {
      ...user(`${type}.create`),
      secrets: type === 'gateway' ? ['sk_gateway_secret_value_1234'] : [],
      request: async () => ({ method: 'POST', url: prefix, headers: as(token()), payload: bodyOf() }),
    },
    [`PATCH ${prefix}/{id}`]: {
      ...user(`${type}.update`),
      request: async () => ({
        method: 'PATCH',
        url: `${prefix}/${await make()}`,
        headers: as(token()),
        payload: { name: `Renamed ${unique()}` },
      }),
    },
    [`DELETE ${prefix}/{id}`]: {
      ...user(`${type}.delete`),
      request: async () => ({ method: 'DELETE', url: `${prefix}/${await make()}`, headers: as(token()) }),
    },
  };
}

function referenceCrud(type: string, prefix: string, bodyOf: () => Json): Record<string, Fixture> {
  const make = async () => String((await call(root, 'POST', prefix, bodyOf()))['id']);
  return {
    [`POST ${prefix}`]: {
      ...user(`${type}.create`),
      request: async () => ({ method: 'POST', url: prefix, headers: as(root), payload: bodyOf() }),
    },
    [`PATCH ${prefix}/{id}`]: {
      ...user(`${type}.update`),
      request: async () => ({ method: 'PATCH', url: `${prefix}/${await make()}`, headers: as(root), payload: { enabled: false } }),
    },
    [`DELETE ${prefix}/{id}`]: {
      ...user(`${type}.delete`),
      request: async () => ({ method: 'DELETE', url: `${prefix}/${await make()}`, headers: as(root) }),
    },
  };
}

async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function lastAuditId(): Promise<number> {
  const rows = await t.db.select({ id: auditEvents.id }).from(auditEvents);
  return rows.reduce((max, row) => Math.max(max, row.id), 0);
}

beforeAll(async () => {
  t = await buildListeningTestApp({ publicRateLimitPerMinute: 1_000_000, pspWebhookRateLimitPerMinute: 1_000_000 });
  sent = captureMail(t.app);
  orgId = await createOrganisation(t.db, 'Audit Org');
  await createUser(t.db, { email: 'root@audit.test', role: 'superadmin' });
  await createUser(t.db, { email: 'admin@audit.test', orgId });
  root = await signIn(t.app, 'root@audit.test');
  admin = await signIn(t.app, 'admin@audit.test');
  await call(admin, 'POST', '/api/organisations/my-organisation/gateways', {
    name: 'Sandbox',
    provider: 'sandbox',
    secretKey: SANDBOX_KEY,
    webhookSecret: SANDBOX_KEY,
    config: sandboxEntry(t.publicUrl).sampleConfig,
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('every state-changing operation of the OpenAPI document', () => {
  it('writes exactly one audit entry with the right actor and action, secrets masked', { timeout: 300_000 }, async () => {
    const document = json(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    const operations = Object.entries(document['paths'] as Record<string, Json>).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} /api${path.replace(/^\/api/, '')}`),
    );
    expect(operations.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const operation of operations) {
      const fixture = FIXTURES[operation];
      if (!fixture) {
        problems.push(`${operation}: no fixture — add one (what it audits) to tests/api/audit-trail-coverage.test.ts`);
        continue;
      }
      if ('notAudited' in fixture && !('request' in fixture)) continue;
      const { request, action, actor, secrets = [], entries = 1 } = fixture as Fixture;
      try {
        const options = await request();
        const before = await lastAuditId();
        const response = await t.app.inject(options);
        if (response.statusCode >= 400) {
          problems.push(`${operation}: the fixture's request answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
          continue;
        }
        if (operation === 'POST /api/auth/forgot-password') await waitFor(() => sent.some((mail) => mail.to === 'admin@audit.test'));
        const written = await t.db.select().from(auditEvents).where(gt(auditEvents.id, before)).orderBy(auditEvents.id);
        if (written.length !== entries) {
          problems.push(
            `${operation}: ${written.length} audit entries (${written.map((row) => row.action).join(', ')}), expected ${entries}`,
          );
          continue;
        }
        const entry = written.at(-1)!;
        if (entry.action !== action || entry.actorKind !== actor) {
          problems.push(`${operation}: entry ${entry.action} by ${entry.actorKind}, expected ${action} by ${actor}`);
        }
        const stored = JSON.stringify(written);
        for (const secret of secrets) if (stored.includes(secret)) problems.push(`${operation}: the entry holds a secret in clear`);
      } catch (error) {
        problems.push(`${operation}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
