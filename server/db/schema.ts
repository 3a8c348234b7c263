import { sql } from 'drizzle-orm';
import {
  bigserial,
  char,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Tenants. Extended with branding, tokens and settings by later migrations. */
export const organisations = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    email: varchar('email', { length: 320 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('organisations_code_unique').on(sql`upper(${table.code})`)],
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
    // Tokens issued before this instant are refused, so a password change signs out other sessions.
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
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
    status: varchar('status', { length: 10 }).notNull(),
    error: varchar('error', { length: 1000 }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('mail_messages_created_at_idx').on(table.createdAt),
    check('mail_messages_status_check', sql`${table.status} in ('pending', 'sent', 'logged', 'failed')`),
  ],
);
