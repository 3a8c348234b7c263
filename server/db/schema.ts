import { sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { GatewayConfig } from '../../isomorphic/gateway-config/index.ts';
import type { PaymentMetadata } from '../../isomorphic/schemas/payments.ts';
import type { AuditChanges } from '../../isomorphic/schemas/audit.ts';
import type { Role } from '../../isomorphic/schemas/users.ts';
import type { HmacAlgorithm } from '../../isomorphic/signing.ts';
import {
  bigint,
  bigserial,
  boolean,
  char,
  customType,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// Column builders the tables share. Functions, so each table gets builders of its own.
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** An int8 column read as a JS number (ids of bigserial tables, amounts in minor units, counters). */
const bigintNumber = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const serialKey = () => ({ id: serial('id').primaryKey() });
const bigSerialKey = () => ({ id: bigserial('id', { mode: 'number' }).primaryKey() });
/** When a row was written and last changed. */
const timestamps = () => ({ createdAt: createdAt(), updatedAt: timestamptz('updated_at').notNull().defaultNow() });
/** The organisation a row belongs to (nullable: chain .notNull() where every row has one). */
const organisationId = (onDelete: 'cascade' | 'restrict') => integer('org_id').references(() => organisations.id, { onDelete });
/** The payment a row records something of, deleted with it. */
const paymentOfRow = () =>
  bigintNumber('payment_id')
    .notNull()
    .references(() => payments.id, { onDelete: 'cascade' });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const countries = pgTable(
  'countries',
  {
    ...serialKey(),
    name: varchar('name', { length: 100 }).notNull(),
    code: char('code', { length: 2 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (table) => [uniqueIndex('countries_code_unique').on(table.code), check('countries_code_check', sql`${table.code} ~ '^[A-Z]{2}$'`)],
);

export const currencies = pgTable(
  'currencies',
  {
    ...serialKey(),
    name: varchar('name', { length: 100 }).notNull(),
    code: char('code', { length: 3 }).notNull(),
    // Minor units per major unit: 100 for cents/pesewas, 1 for currencies without minor units.
    baseUnit: integer('base_unit').notNull().default(100),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('currencies_code_unique').on(table.code),
    check('currencies_code_check', sql`${table.code} ~ '^[A-Z]{3}$'`),
    check('currencies_base_unit_check', sql`${table.baseUnit} in (1, 10, 100, 1000, 10000)`),
  ],
);

/** Uploaded images (avatars, logos), kept in the database so API processes share no disk. */
export const files = pgTable(
  'files',
  {
    ...serialKey(),
    // Unguessable public key used in the URL.
    publicKey: varchar('public_key', { length: 43 }).notNull(),
    contentType: varchar('content_type', { length: 50 }).notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    bytes: bytea('bytes').notNull(),
    uploadedBy: integer('uploaded_by'),
    orgId: integer('org_id'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('files_public_key_unique').on(table.publicKey)],
);

/** Tenants: contact, address, registration, receipt branding and their API and checkout tokens. */
export const organisations = pgTable(
  'organisations',
  {
    ...serialKey(),
    name: varchar('name', { length: 200 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    email: varchar('email', { length: 320 }).notNull(),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'restrict' }),
    currencies: varchar('currencies', { length: 3 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar(3)[]`),
    defaultCurrency: varchar('default_currency', { length: 3 }),
    callbackUrl: varchar('callback_url', { length: 2048 }),
    notifierUrl: varchar('notifier_url', { length: 2048 }),
    addressLine1: varchar('address_line1', { length: 200 }),
    addressLine2: varchar('address_line2', { length: 200 }),
    city: varchar('city', { length: 100 }),
    state: varchar('state', { length: 100 }),
    postalCode: varchar('postal_code', { length: 20 }),
    phone: varchar('phone', { length: 40 }),
    websiteUrl: varchar('website_url', { length: 2048 }),
    taxId: varchar('tax_id', { length: 50 }),
    registrationNumber: varchar('registration_number', { length: 50 }),
    invoiceFooterNote: varchar('invoice_footer_note', { length: 1000 }),
    collectsGovernmentPayments: boolean('collects_government_payments').notNull().default(false),
    receiptTitle: varchar('receipt_title', { length: 100 }),
    logoPosition: varchar('logo_position', { length: 10 }).notNull().default('left'),
    logoUrl: varchar('logo_url', { length: 2048 }),
    checkoutToken: varchar('checkout_token', { length: 64 }).notNull(),
    // Outbound webhooks (docs/decisions.md#outbound-webhooks): the signing secret is sealed with DATA_KEY like gateway secrets.
    autoNotify: boolean('auto_notify').notNull().default(false),
    webhookSecretSealed: text('webhook_secret_sealed'),
    outboundHeaderName: varchar('outbound_header_name', { length: 100 }).notNull().default('X-Payrail-Signature'),
    outboundTimestampHeader: varchar('outbound_timestamp_header', { length: 100 }).notNull().default('X-Payrail-Timestamp'),
    // Set when the endpoint answered 410 Gone; nothing more is sent to it until a new URL is saved.
    callbackDisabledAt: timestamptz('callback_disabled_at'),
    notifierDisabledAt: timestamptz('notifier_disabled_at'),
    // Raised by a trigger (migration 0008) whenever a setting payment creation reads changes — currencies, default
    // currency, webhook destinations and their state — so a statement creating a payment can check, with one integer
    // comparison, that the settings it was given are still current (PAYMENT_SETTINGS_KEYS).
    paymentSettingsVersion: integer('payment_settings_version').notNull().default(1),
    // The implicit receipt sequence `{CODE}-{n}`, used when no receipt batch is usable.
    nextReceiptNumber: bigintNumber('next_receipt_number').notNull().default(1),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('organisations_code_unique').on(sql`upper(${table.code})`),
    uniqueIndex('organisations_checkout_token_unique').on(table.checkoutToken),
    index('organisations_name_idx').on(table.name),
    check('organisations_logo_position_check', sql`${table.logoPosition} in ('left', 'center')`),
  ],
);

export const users = pgTable(
  'users',
  {
    ...serialKey(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 320 }).notNull(),
    role: varchar('role', { length: 20 }).$type<Role>().notNull(),
    orgId: organisationId('restrict'),
    avatarUrl: varchar('avatar_url', { length: 2048 }),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamptz('password_changed_at'),
    // Raised by every password change or reset: session tokens of an older version are refused.
    sessionVersion: integer('session_version').notNull().default(0),
    // Two-factor sign-in: the TOTP secret sealed with the data key; while totp_enabled_at is null, an enrolment in
    // progress. totp_last_step is the time step of the last accepted code (a code works once).
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamptz('totp_enabled_at'),
    totpLastStep: bigintNumber('totp_last_step'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_org_id_idx').on(table.orgId),
    check('users_role_check', sql`${table.role} in ('superadmin', 'orgadmin')`),
    check('users_org_check', sql`${table.role} = 'superadmin' or ${table.orgId} is not null`),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    ...serialKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the token: a database leak does not hand out working reset links.
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('password_resets_token_hash_unique').on(table.tokenHash), index('password_resets_user_idx').on(table.userId)],
);

// Single-use two-factor recovery codes, by SHA-256 hash.
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    ...serialKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('recovery_codes_user_code_unique').on(table.userId, table.codeHash)],
);

// One row per sign-in: a session token carries its id; a revoked or expired row ends the session.
export const userSessions = pgTable(
  'user_sessions',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 500 }).notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [index('user_sessions_user_idx').on(table.userId), index('user_sessions_expires_at_idx').on(table.expiresAt)],
);

// An organisation's API tokens (docs/security.md#api-tokens): one current token (expires_at null) and the ones a roll
// retired, which keep working until their expires_at. Every token is looked up by its SHA-256 hash; only the current
// one is also kept sealed (superadmins read it in full), and a roll erases the sealed copy of the one it retires.
export const organisationApiTokens = pgTable(
  'organisation_api_tokens',
  {
    ...serialKey(),
    orgId: organisationId('cascade').notNull(),
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    tokenSealed: text('token_sealed'),
    // The token's last four characters, to tell tokens apart in the list once the token itself is unreadable.
    tokenHint: varchar('token_hint', { length: 4 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at'),
    retiredAt: timestamptz('retired_at'),
    // Written at most once a minute per token (api-token-usage.ts), not on every call.
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [
    uniqueIndex('organisation_api_tokens_hash_unique').on(table.tokenHash),
    uniqueIndex('organisation_api_tokens_current_unique')
      .on(table.orgId)
      .where(sql`${table.expiresAt} is null`),
    index('organisation_api_tokens_org_created_idx').on(table.orgId, table.createdAt),
    check(
      'organisation_api_tokens_state_check',
      sql`(${table.expiresAt} is null) = (${table.tokenSealed} is not null) and (${table.expiresAt} is null) = (${table.retiredAt} is null)`,
    ),
  ],
);

// Sign-in throttling counters (per address, per account and address, per account), shared by every process.
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    blockedUntil: timestamptz('blocked_until'),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [index('auth_throttles_expires_at_idx').on(table.expiresAt)],
);

export const apiLogs = pgTable(
  'api_logs',
  {
    ...bigSerialKey(),
    createdAt: timestamptz('created_at').notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    endpoint: varchar('endpoint', { length: 2048 }).notNull(),
    statusCode: smallint('status_code').notNull(),
    durationMs: integer('duration_ms').notNull(),
    userId: integer('user_id'),
    orgId: integer('org_id'),
  },
  (table) => [index('api_logs_created_at_idx').on(table.createdAt), index('api_logs_org_created_idx').on(table.orgId, table.createdAt)],
);

export const mailMessages = pgTable(
  'mail_messages',
  {
    ...serialKey(),
    toAddress: varchar('to_address', { length: 320 }).notNull(),
    subject: varchar('subject', { length: 500 }).notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    // Set for messages about a payment (the Payments screen's message composer).
    paymentId: bigintNumber('payment_id'),
    status: varchar('status', { length: 10 }).notNull(),
    error: varchar('error', { length: 1000 }),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (table) => [
    index('mail_messages_created_at_idx').on(table.createdAt),
    index('mail_messages_payment_idx').on(table.paymentId),
    check('mail_messages_status_check', sql`${table.status} in ('pending', 'sent', 'logged', 'failed')`),
  ],
);

/** The PSP catalogue: what each provider needs and how its callbacks look. */
export const providers = pgTable(
  'providers',
  {
    ...serialKey(),
    // Slug used in URLs (`/api/webhooks/psp/{name}`) and configs.
    name: varchar('name', { length: 50 }).notNull(),
    displayName: varchar('display_name', { length: 100 }).notNull(),
    defaultBaseUrl: varchar('default_base_url', { length: 2048 }),
    constraintsRequired: varchar('constraints_required', { length: 50 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar(50)[]`),
    constraintsOptional: varchar('constraints_optional', { length: 50 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar(50)[]`),
    notes: text('notes'),
    successStatuses: varchar('success_statuses', { length: 100 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar(100)[]`),
    verifySuccessStatuses: varchar('verify_success_statuses', { length: 100 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar(100)[]`),
    webhookHeaderName: varchar('webhook_header_name', { length: 100 }),
    outboundHeaderName: varchar('outbound_header_name', { length: 100 }),
    hmacAlgo: varchar('hmac_algo', { length: 10 }).$type<HmacAlgorithm>().notNull().default('sha256'),
    sampleInbound: text('sample_inbound'),
    sampleOutbound: text('sample_outbound'),
    // A worked adapter config for this provider (docs and the create-gateway form start from it).
    sampleConfig: jsonb('sample_config').$type<GatewayConfig>(),
    builtIn: boolean('built_in').notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('providers_name_unique').on(table.name),
    check('providers_name_check', sql`${table.name} ~ '^[a-z0-9][a-z0-9-]{1,49}$'`),
  ],
);

/** A connection to a PSP: global (orgId null, superadmin) or an organisation's own. Credentials sealed. */
export const gateways = pgTable(
  'gateways',
  {
    ...serialKey(),
    orgId: organisationId('cascade'),
    name: varchar('name', { length: 100 }).notNull(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    publicKeySealed: text('public_key_sealed'),
    secretKeySealed: text('secret_key_sealed'),
    webhookSecretSealed: text('webhook_secret_sealed'),
    baseUrl: varchar('base_url', { length: 2048 }),
    hmacAlgo: varchar('hmac_algo', { length: 10 }).$type<HmacAlgorithm>().notNull().default('sha256'),
    sandbox: boolean('sandbox').notNull().default(false),
    priority: integer('priority').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    config: jsonb('config').$type<GatewayConfig>().notNull(),
    ...timestamps(),
  },
  (table) => [
    index('gateways_org_priority_idx').on(table.orgId, table.priority),
    index('gateways_provider_idx').on(table.providerId),
    check('gateways_priority_check', sql`${table.priority} >= 1`),
    check('gateways_hmac_algo_check', sql`${table.hmacAlgo} in ('sha1', 'sha256', 'sha512')`),
  ],
);

/** Banks for direct bank checkout: global (orgId null) or an organisation's own; code unique per scope. */
export const banks = pgTable(
  'banks',
  {
    ...serialKey(),
    orgId: organisationId('cascade'),
    code: varchar('code', { length: 20 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    logoUrl: varchar('logo_url', { length: 2048 }),
    // Credentials in the config (settings values, literal auth values) are the mask here and sealed below with
    // DATA_KEY; null until a row written before that is sealed at start-up.
    apiConfig: jsonb('api_config').$type<GatewayConfig>().notNull(),
    credentialsSealed: text('credentials_sealed'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('banks_scope_code_unique').on(sql`coalesce(${table.orgId}, 0)`, table.code)],
);

/** Transactions of the built-in Sandbox PSP that the server simulates (docs/decisions.md#payments). */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    ...serialKey(),
    providerReference: varchar('provider_reference', { length: 40 }).notNull(),
    reference: varchar('reference', { length: 100 }).notNull(),
    amount: varchar('amount', { length: 40 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    customerEmail: varchar('customer_email', { length: 320 }),
    callbackUrl: varchar('callback_url', { length: 2048 }),
    notificationUrl: varchar('notification_url', { length: 2048 }),
    // The merchant's sandbox secret key signs the webhooks back, as Paystack's does.
    secretSealed: text('secret_sealed').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    webhookStatus: integer('webhook_status'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('sandbox_transactions_provider_reference_unique').on(table.providerReference),
    index('sandbox_transactions_reference_idx').on(table.reference),
    check('sandbox_transactions_status_check', sql`${table.status} in ('pending', 'success', 'failed')`),
  ],
);

/** Payments: money in integer minor units, identified publicly by their time-sortable reference. */
export const payments = pgTable(
  'payments',
  {
    ...bigSerialKey(),
    reference: varchar('reference', { length: 20 }).notNull(),
    orgId: organisationId('restrict').notNull(),
    amountMinor: bigintNumber('amount_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('Pending'),
    customerName: varchar('customer_name', { length: 200 }).notNull(),
    customerEmail: varchar('customer_email', { length: 320 }).notNull(),
    customerPhone: varchar('customer_phone', { length: 40 }),
    description: varchar('description', { length: 500 }).notNull(),
    metadata: jsonb('metadata').$type<Static<typeof PaymentMetadata>>(),
    processViaGateway: boolean('process_via_gateway').notNull().default(false),
    isBankPayment: boolean('is_bank_payment').notNull().default(false),
    gatewayId: integer('gateway_id'),
    // The bank the customer chose on the bank checkout page (bank payments only).
    bankId: integer('bank_id').references(() => banks.id, { onDelete: 'set null' }),
    providerReference: varchar('provider_reference', { length: 200 }),
    receiptNumber: varchar('receipt_number', { length: 60 }),
    receiptToken: varchar('receipt_token', { length: 64 }),
    paidAt: timestamptz('paid_at'),
    createdBy: integer('created_by'),
    // Refunds (docs/refunds.md): what succeeded, and what Pending refunds hold so concurrent requests cannot together
    // refund more than was paid (the check below is the last word).
    refundedMinor: bigintNumber('refunded_minor').notNull().default(0),
    refundPendingMinor: bigintNumber('refund_pending_minor').notNull().default(0),
    cancelledAt: timestamptz('cancelled_at'),
    // Why it was cancelled, as the canceller said (optional).
    cancelReason: varchar('cancel_reason', { length: 500 }),
    // A PSP reported success for a payment already Cancelled: the money arrived and must go back.
    needsRefund: boolean('needs_refund').notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('payments_reference_unique').on(table.reference),
    uniqueIndex('payments_receipt_token_unique').on(table.receiptToken),
    uniqueIndex('payments_org_receipt_number_unique').on(table.orgId, table.receiptNumber),
    // Migration 0025 includes status, gateway, currency and amount (a date-filtered count reads index entries only).
    index('payments_org_created_idx').on(table.orgId, table.createdAt, table.id),
    // One status of one organisation newest first (migration 0029), which also includes the gateway, the channel,
    // currency and amount (a capped count reads index entries only), which drizzle's index builder cannot say.
    index('payments_org_status_created_idx').on(table.orgId, table.status, table.createdAt, table.id),
    // Walks and periods across every organisation (a superadmin's list, platform-wide analyst questions), by the UTC
    // creation time only they read (CREATED_UTC_SQL), so one organisation's never use it (migration 0028).
    index('payments_created_utc_idx').on(sql`(${table.createdAt} at time zone 'UTC')`, table.id),
    // A superadmin's list of one status across every organisation, newest first (migration 0027).
    index('payments_status_created_idx').on(table.status, table.createdAt, table.id),
    // A customer's first and last name (migration 0026): a lower bound of a text filter's matches (manyMatchesProven).
    index('payments_org_name_first_word_idx').on(table.orgId, sql`lower(split_part(${table.customerName}, ' ', 1))`),
    index('payments_org_name_last_word_idx').on(table.orgId, sql`lower(split_part(${table.customerName}, ' ', -1))`),
    // A customer's payments by e-mail address (analyst questions naming one).
    index('payments_org_customer_email_idx').on(table.orgId, sql`lower(${table.customerEmail})`),
    // The list's substring search: trigrams of reference, name and e-mail under the organisation (btree_gin).
    index('payments_org_search_idx')
      .using(
        'gin',
        table.orgId,
        table.reference.op('gin_trgm_ops'),
        table.customerName.op('gin_trgm_ops'),
        table.customerEmail.op('gin_trgm_ops'),
      )
      // A short pending list (migration 0023): every search reads it through until it is flushed.
      .with({ gin_pending_list_limit: 128 }),
    // The Channel filter's rarer channels (CHANNEL_SQL in payments-list-repository.ts says the same conditions).
    index('payments_org_bank_channel_idx')
      .on(table.orgId, table.createdAt, table.id)
      .where(sql`${table.isBankPayment}`),
    index('payments_org_checkout_channel_idx')
      .on(table.orgId, table.createdAt, table.id)
      .where(sql`${table.createdBy} is null and (${table.processViaGateway} or ${table.isBankPayment})`),
    index('payments_org_record_url_channel_idx')
      .on(table.orgId, table.createdAt, table.id)
      .where(
        sql`not ${table.processViaGateway} and not ${table.isBankPayment} and ${table.createdBy} is null and ${table.paidAt} = ${table.createdAt}`,
      ),
    check('payments_status_check', sql`${table.status} in ('Pending', 'Success', 'Failed', 'Cancelled')`),
    check('payments_amount_check', sql`${table.amountMinor} > 0`),
    // The list's search looks a term with a space up in names only (search-terms.ts).
    check('payments_customer_email_no_space_check', sql`position(' ' in ${table.customerEmail}) = 0`),
    check(
      'payments_refunded_check',
      sql`${table.refundedMinor} >= 0 and ${table.refundPendingMinor} >= 0 and ${table.refundedMinor} + ${table.refundPendingMinor} <= ${table.amountMinor}`,
    ),
  ],
);

/**
 * Money sent back for a Success payment, whole or in part: through the payment's gateway (`gateway`) or recorded as
 * refunded outside Payrail (`external`). Pending → Succeeded or Failed. Never deleted.
 */
export const refunds = pgTable(
  'refunds',
  {
    ...bigSerialKey(),
    reference: varchar('reference', { length: 20 }).notNull(),
    paymentId: bigintNumber('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    orgId: organisationId('restrict').notNull(),
    amountMinor: bigintNumber('amount_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('Pending'),
    method: varchar('method', { length: 10 }).notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    // The console user who asked; null when the organisation's API token did.
    requestedBy: integer('requested_by'),
    idempotencyKey: varchar('idempotency_key', { length: 255 }),
    providerReference: varchar('provider_reference', { length: 200 }),
    failureReason: varchar('failure_reason', { length: 500 }),
    // The credit note's number (its own sequence per organisation) and the unguessable token of its public document.
    creditNoteNumber: varchar('credit_note_number', { length: 60 }),
    documentToken: varchar('document_token', { length: 64 }),
    completedAt: timestamptz('completed_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('refunds_reference_unique').on(table.reference),
    uniqueIndex('refunds_document_token_unique').on(table.documentToken),
    uniqueIndex('refunds_org_credit_note_unique').on(table.orgId, table.creditNoteNumber),
    uniqueIndex('refunds_org_idempotency_key_unique')
      .on(table.orgId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('refunds_payment_idx').on(table.paymentId),
    index('refunds_org_created_idx').on(table.orgId, table.createdAt),
    // The worker's round over Pending refunds (migration 0017).
    index('refunds_pending_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} = 'Pending'`),
    check('refunds_status_check', sql`${table.status} in ('Pending', 'Succeeded', 'Failed')`),
    check('refunds_method_check', sql`${table.method} in ('gateway', 'external')`),
    check('refunds_amount_check', sql`${table.amountMinor} > 0`),
  ],
);

/** Each organisation's credit note counter (docs/refunds.md): the next number a succeeded refund takes. */
export const creditNoteSequences = pgTable('credit_note_sequences', {
  orgId: integer('org_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  nextNumber: bigintNumber('next_number').notNull().default(1),
});

/** Every status change of a payment, with who or what caused it. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    ...bigSerialKey(),
    paymentId: paymentOfRow(),
    fromStatus: varchar('from_status', { length: 10 }),
    toStatus: varchar('to_status', { length: 10 }).notNull(),
    cause: varchar('cause', { length: 30 }).notNull(),
    actorUserId: integer('actor_user_id'),
    createdAt: createdAt(),
  },
  (table) => [index('payment_events_payment_idx').on(table.paymentId)],
);

/** Receipt number ranges; at most one active per organisation. */
export const receiptBatches = pgTable(
  'receipt_batches',
  {
    ...serialKey(),
    orgId: organisationId('cascade').notNull(),
    prefix: varchar('prefix', { length: 30 }).notNull(),
    startNumber: bigintNumber('start_number').notNull(),
    endNumber: bigintNumber('end_number'),
    nextNumber: bigintNumber('next_number').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('receipt_batches_one_active')
      .on(table.orgId)
      .where(sql`${table.isActive}`),
    check(
      'receipt_batches_range_check',
      sql`${table.startNumber} >= 0 and (${table.endNumber} is null or ${table.endNumber} >= ${table.startNumber})`,
    ),
  ],
);

/** Each gateway `init` call made for a payment (fail-over leaves several), shown on the payment. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    ...bigSerialKey(),
    paymentId: paymentOfRow(),
    gatewayId: integer('gateway_id'),
    gatewayName: varchar('gateway_name', { length: 100 }).notNull(),
    outcome: varchar('outcome', { length: 20 }).notNull(),
    httpStatus: integer('http_status'),
    durationMs: integer('duration_ms').notNull(),
    error: varchar('error', { length: 1000 }),
    responseExcerpt: varchar('response_excerpt', { length: 500 }),
    createdAt: createdAt(),
  },
  (table) => [index('payment_attempts_payment_idx').on(table.paymentId)],
);

/**
 * Idempotency-Key replays: the first response to a key is kept for 24 h. A key in progress (status 0) names the
 * payment its request creates and is held by a lease its request renews; a retry takes it over once the lease ran out.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    orgId: integer('org_id').notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    requestHash: char('request_hash', { length: 64 }).notNull(),
    statusCode: integer('status_code').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
    paymentReference: varchar('payment_reference', { length: 40 }),
    leaseToken: char('lease_token', { length: 32 }),
    leaseExpiresAt: timestamptz('lease_expires_at'),
  },
  (table) => [
    uniqueIndex('idempotency_keys_org_key_unique').on(table.orgId, table.key),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

/** Every inbound PSP callback, whatever became of it (System Logs → Webhook Logs). */
export const webhookLogs = pgTable(
  'webhook_logs',
  {
    ...bigSerialKey(),
    createdAt: createdAt(),
    provider: varchar('provider', { length: 50 }).notNull(),
    orgId: integer('org_id'),
    paymentId: bigintNumber('payment_id'),
    reference: varchar('reference', { length: 100 }),
    // accepted (applied), duplicate (already applied), ignored (pending status), rejected (bad signature, unknown…)
    status: varchar('status', { length: 20 }).notNull(),
    signatureValid: boolean('signature_valid'),
    httpStatus: integer('http_status').notNull(),
    message: varchar('message', { length: 500 }),
  },
  (table) => [
    index('webhook_logs_created_idx').on(table.createdAt),
    index('webhook_logs_org_created_idx').on(table.orgId, table.createdAt),
    // The payment detail page's callbacks.
    index('webhook_logs_payment_idx').on(table.paymentId),
  ],
);

/**
 * The transactional outbox of outbound webhooks: one row per event × destination, written in the
 * payment's transaction, claimed by workers with FOR UPDATE SKIP LOCKED and a lease (locked_until).
 * `channel` 'email' rows carry the customer's receipt e-mail through the same at-least-once path.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    ...bigSerialKey(),
    orgId: organisationId('cascade').notNull(),
    // The Standard Webhooks `webhook-id`, shared by an event's destinations and kept on every retry.
    eventId: varchar('event_id', { length: 40 }).notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
    paymentId: bigintNumber('payment_id'),
    url: varchar('url', { length: 2048 }).notNull(),
    // The exact bytes that are signed and sent, frozen at enqueue.
    body: text('body').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('Pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lockedUntil: timestamptz('locked_until'),
    lastResponseCode: integer('last_response_code'),
    lastError: varchar('last_error', { length: 1000 }),
    deliveredAt: timestamptz('delivered_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_event_channel_unique').on(table.eventId, table.channel),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('Pending', 'Retrying')`),
    index('webhook_deliveries_org_created_idx').on(table.orgId, table.createdAt, table.id),
    // The payment detail page's deliveries.
    index('webhook_deliveries_payment_idx').on(table.paymentId),
    check('webhook_deliveries_status_check', sql`${table.status} in ('Pending', 'Retrying', 'Success', 'Failed', 'Disabled')`),
    check('webhook_deliveries_channel_check', sql`${table.channel} in ('callback', 'notifier', 'email')`),
  ],
);

/** Every delivery attempt: response code, duration, a response excerpt or the error. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    ...bigSerialKey(),
    deliveryId: bigintNumber('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    responseExcerpt: varchar('response_excerpt', { length: 500 }),
    error: varchar('error', { length: 1000 }),
  },
  (table) => [index('webhook_delivery_attempts_delivery_idx').on(table.deliveryId)],
);

// Dashboard roll-ups (docs/decisions.md#performance-budgets): maintained in the transaction of every payment change, so the dashboards read
// O(days) rows, never O(payments). `gateway_id` 0 means no gateway. Each key is split over a few `shard`s
// (payment id modulo) so concurrent payments of one organisation do not queue on a single hot row; reads sum them.

/** The roll-ups' key after the organisation (and day), then the two sums. */
const rollupKeyAndSums = () => ({
  currency: varchar('currency', { length: 3 }).notNull(),
  status: varchar('status', { length: 10 }).notNull(),
  gatewayId: integer('gateway_id').notNull(),
  shard: smallint('shard').notNull(),
  paymentCount: bigintNumber('payment_count').notNull(),
  amountMinor: bigintNumber('amount_minor').notNull(),
  // Succeeded refunds of the key's payments (refunded volume; net volume = amount − refunded).
  refundedMinor: bigintNumber('refunded_minor').notNull().default(0),
});

/** Count and amount of payments per organisation, day created (UTC), currency, status and gateway. */
export const paymentRollupDays = pgTable(
  'payment_rollup_days',
  {
    orgId: integer('org_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...rollupKeyAndSums(),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.day, table.currency, table.status, table.gatewayId, table.shard] })],
);

/** The same roll-up without the day: organisation-wide and platform-wide totals read a few rows. */
export const paymentRollupTotals = pgTable(
  'payment_rollup_totals',
  {
    orgId: integer('org_id').notNull(),
    ...rollupKeyAndSums(),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.currency, table.status, table.gatewayId, table.shard] })],
);

/**
 * The audit trail: who did what to which target, and the changed fields before → after with secrets masked
 * (server/services/audit). Append-only; only the retention job deletes rows. No foreign keys: an entry outlives its
 * actor and target.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    ...bigSerialKey(),
    at: timestamptz('at').notNull(),
    actorKind: varchar('actor_kind', { length: 20 }).notNull(),
    actorUserId: integer('actor_user_id'),
    // A snapshot ("Name <email>", or the token's / page's description): the user may be renamed or deleted later.
    actorLabel: varchar('actor_label', { length: 300 }),
    actorRole: varchar('actor_role', { length: 20 }),
    // The target's organisation (what an orgadmin's view filters on); null for global targets.
    orgId: integer('org_id'),
    clientAddress: varchar('client_address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
    action: varchar('action', { length: 80 }).notNull(),
    targetType: varchar('target_type', { length: 40 }).notNull(),
    targetId: varchar('target_id', { length: 120 }),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
  },
  (table) => [
    index('audit_events_at_idx').on(table.at, table.id),
    index('audit_events_org_at_idx').on(table.orgId, table.at, table.id),
    index('audit_events_target_idx').on(table.targetType, table.targetId),
    check(
      'audit_events_actor_kind_check',
      sql`${table.actorKind} in ('user', 'api-token', 'checkout', 'record-url', 'psp-callback', 'worker', 'system')`,
    ),
  ],
);
