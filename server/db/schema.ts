import { sql } from 'drizzle-orm';
import type { GatewayConfig } from '../../shared/gateway-config/index.ts';
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

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    code: char('code', { length: 2 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('countries_code_unique').on(table.code), check('countries_code_check', sql`${table.code} ~ '^[A-Z]{2}$'`)],
);

export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    code: char('code', { length: 3 }).notNull(),
    // Minor units per major unit: 100 for cents/pesewas, 1 for currencies without minor units.
    baseUnit: integer('base_unit').notNull().default(100),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    id: serial('id').primaryKey(),
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
    id: serial('id').primaryKey(),
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
    // The API token is stored encrypted (superadmins can read it) and hashed (for lookup on every call).
    apiTokenEncrypted: text('api_token_encrypted').notNull(),
    apiTokenHash: char('api_token_hash', { length: 64 }).notNull(),
    checkoutToken: varchar('checkout_token', { length: 64 }).notNull(),
    // Outbound webhooks (docs/decisions.md#outbound-webhooks): the signing secret is sealed with DATA_KEY like gateway secrets.
    autoNotify: boolean('auto_notify').notNull().default(false),
    webhookSecretSealed: text('webhook_secret_sealed'),
    outboundHeaderName: varchar('outbound_header_name', { length: 100 }).notNull().default('X-Payrail-Signature'),
    outboundTimestampHeader: varchar('outbound_timestamp_header', { length: 100 }).notNull().default('X-Payrail-Timestamp'),
    // Set when the endpoint answered 410 Gone; nothing more is sent to it until a new URL is saved.
    callbackDisabledAt: timestamp('callback_disabled_at', { withTimezone: true, mode: 'date' }),
    notifierDisabledAt: timestamp('notifier_disabled_at', { withTimezone: true, mode: 'date' }),
    // Raised by a trigger (migration 0008) whenever a setting payment creation reads changes — currencies, default
    // currency, webhook destinations and their state — so a statement creating a payment can check, with one integer
    // comparison, that the settings it was given are still current (PAYMENT_SETTINGS_KEYS).
    paymentSettingsVersion: integer('payment_settings_version').notNull().default(1),
    // The implicit receipt sequence `{CODE}-{n}`, used when no receipt batch is usable.
    nextReceiptNumber: bigint('next_receipt_number', { mode: 'number' }).notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('organisations_code_unique').on(sql`upper(${table.code})`),
    uniqueIndex('organisations_api_token_hash_unique').on(table.apiTokenHash),
    uniqueIndex('organisations_checkout_token_unique').on(table.checkoutToken),
    index('organisations_name_idx').on(table.name),
    check('organisations_logo_position_check', sql`${table.logoPosition} in ('left', 'center')`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 320 }).notNull(),
    role: varchar('role', { length: 20 }).notNull(),
    orgId: integer('org_id').references(() => organisations.id, { onDelete: 'restrict' }),
    avatarUrl: varchar('avatar_url', { length: 2048 }),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    // Raised by every password change or reset: session tokens of an older version are refused.
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the token: a database leak does not hand out working reset links.
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('password_resets_token_hash_unique').on(table.tokenHash), index('password_resets_user_idx').on(table.userId)],
);

// Sign-in throttling counters (per address, per account and address, per account), shared by every process.
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('auth_throttles_expires_at_idx').on(table.expiresAt)],
);

export const apiLogs = pgTable(
  'api_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
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
    id: serial('id').primaryKey(),
    toAddress: varchar('to_address', { length: 320 }).notNull(),
    subject: varchar('subject', { length: 500 }).notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    // Set for messages about a payment (the Payments screen's message composer).
    paymentId: bigint('payment_id', { mode: 'number' }),
    status: varchar('status', { length: 10 }).notNull(),
    error: varchar('error', { length: 1000 }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
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
    id: serial('id').primaryKey(),
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
    hmacAlgo: varchar('hmac_algo', { length: 10 }).notNull().default('sha256'),
    sampleInbound: text('sample_inbound'),
    sampleOutbound: text('sample_outbound'),
    // A worked adapter config for this provider (docs and the create-gateway form start from it).
    sampleConfig: jsonb('sample_config'),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    id: serial('id').primaryKey(),
    orgId: integer('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    publicKeySealed: text('public_key_sealed'),
    secretKeySealed: text('secret_key_sealed'),
    webhookSecretSealed: text('webhook_secret_sealed'),
    baseUrl: varchar('base_url', { length: 2048 }),
    hmacAlgo: varchar('hmac_algo', { length: 10 }).notNull().default('sha256'),
    sandbox: boolean('sandbox').notNull().default(false),
    priority: integer('priority').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    config: jsonb('config').$type<GatewayConfig>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    id: serial('id').primaryKey(),
    orgId: integer('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 20 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    logoUrl: varchar('logo_url', { length: 2048 }),
    // Credentials in the config (settings values, literal auth values) are the mask here and sealed below with
    // DATA_KEY; null until a row written before that is sealed at start-up.
    apiConfig: jsonb('api_config').$type<GatewayConfig>().notNull(),
    credentialsSealed: text('credentials_sealed'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('banks_scope_code_unique').on(sql`coalesce(${table.orgId}, 0)`, table.code)],
);

/** Transactions of the built-in Sandbox PSP that the server simulates (docs/decisions.md#payments). */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    id: serial('id').primaryKey(),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reference: varchar('reference', { length: 20 }).notNull(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('Pending'),
    customerName: varchar('customer_name', { length: 200 }).notNull(),
    customerEmail: varchar('customer_email', { length: 320 }).notNull(),
    customerPhone: varchar('customer_phone', { length: 40 }),
    description: varchar('description', { length: 500 }).notNull(),
    metadata: jsonb('metadata'),
    processViaGateway: boolean('process_via_gateway').notNull().default(false),
    isBankPayment: boolean('is_bank_payment').notNull().default(false),
    gatewayId: integer('gateway_id'),
    // The bank the customer chose on the bank checkout page (bank payments only).
    bankId: integer('bank_id').references(() => banks.id, { onDelete: 'set null' }),
    providerReference: varchar('provider_reference', { length: 200 }),
    receiptNumber: varchar('receipt_number', { length: 60 }),
    receiptToken: varchar('receipt_token', { length: 64 }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('payments_reference_unique').on(table.reference),
    uniqueIndex('payments_receipt_token_unique').on(table.receiptToken),
    uniqueIndex('payments_org_receipt_number_unique').on(table.orgId, table.receiptNumber),
    index('payments_org_created_idx').on(table.orgId, table.createdAt, table.id),
    index('payments_org_status_idx').on(table.orgId, table.status),
    // Platform-wide periods (superadmin analyst questions across every organisation).
    index('payments_created_idx').on(table.createdAt),
    // A customer's payments by e-mail address (analyst questions naming one).
    index('payments_org_customer_email_idx').on(table.orgId, sql`lower(${table.customerEmail})`),
    // The list's substring search: trigrams of reference, name and e-mail under the organisation (btree_gin).
    index('payments_org_search_idx').using(
      'gin',
      table.orgId,
      table.reference.op('gin_trgm_ops'),
      table.customerName.op('gin_trgm_ops'),
      table.customerEmail.op('gin_trgm_ops'),
    ),
    check('payments_status_check', sql`${table.status} in ('Pending', 'Success', 'Failed')`),
    check('payments_amount_check', sql`${table.amountMinor} > 0`),
  ],
);

/** Every status change of a payment, with who or what caused it. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
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
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    prefix: varchar('prefix', { length: 30 }).notNull(),
    startNumber: bigint('start_number', { mode: 'number' }).notNull(),
    endNumber: bigint('end_number', { mode: 'number' }),
    nextNumber: bigint('next_number', { mode: 'number' }).notNull(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
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
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: createdAt(),
    provider: varchar('provider', { length: 50 }).notNull(),
    orgId: integer('org_id'),
    paymentId: bigint('payment_id', { mode: 'number' }),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // The Standard Webhooks `webhook-id`, shared by an event's destinations and kept on every retry.
    eventId: varchar('event_id', { length: 40 }).notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
    paymentId: bigint('payment_id', { mode: 'number' }),
    url: varchar('url', { length: 2048 }).notNull(),
    // The exact bytes that are signed and sent, frozen at enqueue.
    body: text('body').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('Pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastResponseCode: integer('last_response_code'),
    lastError: varchar('last_error', { length: 1000 }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_event_channel_unique').on(table.eventId, table.channel),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('Pending', 'Retrying')`),
    index('webhook_deliveries_org_created_idx').on(table.orgId, table.createdAt, table.id),
    check('webhook_deliveries_status_check', sql`${table.status} in ('Pending', 'Retrying', 'Success', 'Failed', 'Disabled')`),
    check('webhook_deliveries_channel_check', sql`${table.channel} in ('callback', 'notifier', 'email')`),
  ],
);

/** Every delivery attempt: response code, duration, a response excerpt or the error. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
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

/** Count and amount of payments per organisation, day created (UTC), currency, status and gateway. */
export const paymentRollupDays = pgTable(
  'payment_rollup_days',
  {
    orgId: integer('org_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    gatewayId: integer('gateway_id').notNull(),
    shard: smallint('shard').notNull(),
    paymentCount: bigint('payment_count', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.day, table.currency, table.status, table.gatewayId, table.shard] })],
);

/** The same roll-up without the day: organisation-wide and platform-wide totals read a few rows. */
export const paymentRollupTotals = pgTable(
  'payment_rollup_totals',
  {
    orgId: integer('org_id').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    gatewayId: integer('gateway_id').notNull(),
    shard: smallint('shard').notNull(),
    paymentCount: bigint('payment_count', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.currency, table.status, table.gatewayId, table.shard] })],
);
