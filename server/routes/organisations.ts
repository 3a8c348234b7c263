import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { callerOf } from '../plugins/auth.ts';
import { scopedOrganisation } from '../plugins/organisation-scope.ts';
import { DateTime, Email, MessageResponse, OrNull, authErrors, errorResponses, IdParams } from '../schemas/common.ts';
import { ListOf, PageQuery, pageOf } from '../schemas/pagination.ts';
import type { TargetPolicy } from '../services/adapter/target-guard.ts';
import { storeImage } from '../services/files/files-service.ts';
import {
  createOrganisation,
  deleteOrganisation,
  getOrganisation,
  listOrganisations,
  setOrganisationLogo,
  updateOrganisation,
  type OrganisationContext,
} from '../services/organisations/organisations-service.ts';
import { readImageUpload } from './read-image-upload.ts';

const nullableText = (maxLength: number) => Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength })]));

const Organisation = Type.Object(
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
const OrganisationRef = Type.Unsafe<Static<typeof Organisation>>(Type.Ref('Organisation'));

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
  logoPosition: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('center')])),
  callbackUrl: nullableText(2048),
  notifierUrl: nullableText(2048),
};
const Currencies = Type.Union([Type.Array(Type.String({ maxLength: 10 }), { maxItems: 50 }), Type.String({ maxLength: 500 })], {
  description: 'currency codes, as a list or comma-separated',
});
const SettingsBody = Type.Object(settingsFields, { additionalProperties: false });
const CreateBody = Type.Object(
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
const UpdateBody = Type.Object(
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
const ListQuery = Type.Object(
  { ...PageQuery, search: Type.Optional(Type.String({ maxLength: 200 })), all: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

/** Currency codes from a list or a comma-separated string (the edit form sends the latter). */
const splitCurrencies = (value: string[] | string | undefined) =>
  value === undefined
    ? undefined
    : (typeof value === 'string' ? [value] : value).flatMap((item) => item.split(',')).filter((code) => code.trim() !== '');

/** Organisations: superadmins manage all of them; an orgadmin reads and configures its own. */
const organisationRoutes: FastifyPluginAsyncTypebox<{ db: Database; clock: Clock; dataKey: Buffer; targets: TargetPolicy }> = async (
  app,
  { db, clock, dataKey, targets },
) => {
  app.addSchema(Organisation);
  const ctx: OrganisationContext = { db, clock, dataKey, targets };
  const superadmin = [app.authenticate, app.requireRole('superadmin')];
  const common = { tags: ['organisations'], security: [{ bearer: [] }] };
  const withConflicts = { ...authErrors, 409: authErrors[400] };
  const uploadErrors = { ...authErrors, ...errorResponses(413, 415) };

  app.get(
    '/organisations',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'List organisations (search by name, code or e-mail)',
        querystring: ListQuery,
        response: { 200: ListOf(OrganisationRef), ...authErrors },
      },
    },
    async (request) => listOrganisations(ctx, { ...pageOf(request.query), search: request.query.search, all: request.query.all ?? false }),
  );
  app.post(
    '/organisations',
    {
      preHandler: superadmin,
      schema: { ...common, summary: 'Create an organisation', body: CreateBody, response: { 201: OrganisationRef, ...withConflicts } },
    },
    async (request, reply) =>
      reply.code(201).send(await createOrganisation(ctx, { ...request.body, currencies: splitCurrencies(request.body.currencies) })),
  );

  app.get(
    '/organisations/my-organisation',
    {
      preHandler: app.authenticate,
      config: { organisationScope: 'own' },
      schema: { ...common, summary: 'Your own organisation', response: { 200: OrganisationRef, ...authErrors } },
    },
    async (request) => getOrganisation(ctx, scopedOrganisation(request), false),
  );
  app.patch(
    '/organisations/my-organisation',
    {
      preHandler: app.authenticate,
      config: { organisationScope: 'own' },
      schema: {
        ...common,
        summary: "Change your organisation's settings",
        body: SettingsBody,
        response: { 200: OrganisationRef, ...authErrors },
      },
    },
    async (request) => updateOrganisation(ctx, scopedOrganisation(request), request.body, { full: false }),
  );
  app.post(
    '/organisations/my-organisation/logo',
    {
      preHandler: app.authenticate,
      config: { organisationScope: 'own' },
      schema: {
        ...common,
        summary: 'Upload your organisation logo (multipart field "logo")',
        consumes: ['multipart/form-data'],
        response: { 200: OrganisationRef, ...uploadErrors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const orgId = scopedOrganisation(request);
      const { url } = await storeImage(db, clock, await readImageUpload(request, 'logo'), { uploadedBy: caller.id, orgId });
      return setOrganisationLogo(ctx, orgId, url, false);
    },
  );

  app.get(
    '/organisations/:id',
    {
      preHandler: superadmin,
      schema: { ...common, summary: 'One organisation', params: IdParams, response: { 200: OrganisationRef, ...authErrors } },
    },
    async (request) => getOrganisation(ctx, request.params.id, true),
  );
  app.patch(
    '/organisations/:id',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Edit an organisation',
        params: IdParams,
        body: UpdateBody,
        response: { 200: OrganisationRef, ...withConflicts },
      },
    },
    async (request) =>
      updateOrganisation(ctx, request.params.id, { ...request.body, currencies: splitCurrencies(request.body.currencies) }, { full: true }),
  );
  app.post(
    '/organisations/:id/logo',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Upload an organisation\'s logo (multipart field "logo")',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: OrganisationRef, ...uploadErrors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await getOrganisation(ctx, request.params.id, true);
      const { url } = await storeImage(db, clock, await readImageUpload(request, 'logo'), {
        uploadedBy: caller.id,
        orgId: request.params.id,
      });
      return setOrganisationLogo(ctx, request.params.id, url, true);
    },
  );
  app.delete(
    '/organisations/:id',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Delete an organisation without users or payments',
        params: IdParams,
        response: { 200: MessageResponse, ...withConflicts },
      },
    },
    async (request) => {
      await deleteOrganisation(ctx, request.params.id);
      return { message: 'Organisation deleted.' };
    },
  );
};

export default organisationRoutes;
