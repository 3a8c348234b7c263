// An organisation's wire shape: what a superadmin manages and what an orgadmin configures of its own.
import { Type, type Static } from 'typebox';
import { DateTime, Email, OrNull } from './common.ts';
import { PageQuery } from './pagination.ts';

export const Organisation = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    code: Type.String(),
    country: OrNull(Type.String()),
    countryCode: OrNull(Type.String()),
    currencies: Type.Array(Type.String()),
    defaultCurrency: OrNull(Type.String()),
    callbackUrl: OrNull(Type.String()),
    notifierUrl: OrNull(Type.String()),
    addressLine1: OrNull(Type.String()),
    addressLine2: OrNull(Type.String()),
    city: OrNull(Type.String()),
    state: OrNull(Type.String()),
    postalCode: OrNull(Type.String()),
    phone: OrNull(Type.String()),
    websiteUrl: OrNull(Type.String()),
    taxId: OrNull(Type.String()),
    registrationNumber: OrNull(Type.String()),
    invoiceFooterNote: OrNull(Type.String()),
    collectsGovernmentPayments: Type.Boolean(),
    receiptTitle: OrNull(Type.String()),
    logoPosition: Type.String(),
    logoUrl: OrNull(Type.String()),
    logo: OrNull(Type.String()),
    apiToken: Type.String({ description: 'in full for superadmins, masked for the organisation' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'Organisation' },
);
/** A reference to the registered `Organisation` schema (the route plugin adds it once). */
export const OrganisationRef = Type.Unsafe<Static<typeof Organisation>>(Type.Ref('Organisation'));

const nullableText = (maxLength: number) => Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength })]));

export const LogoPosition = Type.Union([Type.Literal('left'), Type.Literal('center')]);

const settingsFields = {
  defaultCurrency: nullableText(3),
  addressLine1: nullableText(200),
  addressLine2: nullableText(200),
  city: nullableText(100),
  state: nullableText(100),
  postalCode: nullableText(20),
  phone: nullableText(40),
  websiteUrl: nullableText(2048),
  taxId: nullableText(50),
  registrationNumber: nullableText(50),
  invoiceFooterNote: nullableText(1000),
  collectsGovernmentPayments: Type.Optional(Type.Boolean()),
  receiptTitle: nullableText(100),
  logoPosition: Type.Optional(LogoPosition),
  callbackUrl: nullableText(2048),
  notifierUrl: nullableText(2048),
};
const Currencies = Type.Union([Type.Array(Type.String({ maxLength: 10 }), { maxItems: 50 }), Type.String({ maxLength: 500 })], {
  description: 'currency codes, as a list or comma-separated',
});
/** The settings an orgadmin may change about its own organisation. */
export const OrganisationSettingsBody = Type.Object(settingsFields, { additionalProperties: false });
export const CreateOrganisationBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    email: Email,
    code: Type.String({ minLength: 1, maxLength: 32 }),
    country: Type.String({ minLength: 1, maxLength: 100 }),
    currencies: Type.Optional(Currencies),
    ...settingsFields,
  },
  { additionalProperties: false },
);
export const UpdateOrganisationBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    email: Type.Optional(Email),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    country: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    currencies: Type.Optional(Currencies),
    ...settingsFields,
  },
  { additionalProperties: false },
);
export const OrganisationListQuery = Type.Object(
  { ...PageQuery, search: Type.Optional(Type.String({ maxLength: 200 })), all: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
