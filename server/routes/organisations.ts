import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Clock } from '../clock.ts';
import { auditActorOf } from '../plugins/audit-actor.ts';
import type { Database } from '../db/client.ts';
import { callerOf } from '../plugins/auth.ts';
import { scopedOrganisation } from '../plugins/organisation-scope.ts';
import { MessageResponse, authErrors, errorResponses, IdParams } from '../../isomorphic/schemas/common.ts';
import {
  CreateOrganisationBody,
  Organisation,
  OrganisationListQuery,
  OrganisationRef,
  OrganisationSettingsBody,
  UpdateOrganisationBody,
} from '../../isomorphic/schemas/organisations.ts';
import { ListOf, pageOf } from '../../isomorphic/schemas/pagination.ts';
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
        querystring: OrganisationListQuery,
        response: { 200: ListOf(OrganisationRef), ...authErrors },
      },
    },
    async (request) => listOrganisations(ctx, { ...pageOf(request.query), search: request.query.search, all: request.query.all ?? false }),
  );
  app.post(
    '/organisations',
    {
      preHandler: superadmin,
      schema: {
        ...common,
        summary: 'Create an organisation',
        body: CreateOrganisationBody,
        response: { 201: OrganisationRef, ...withConflicts },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createOrganisation(ctx, { ...request.body, currencies: splitCurrencies(request.body.currencies) }, auditActorOf(request)),
        ),
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
        body: OrganisationSettingsBody,
        response: { 200: OrganisationRef, ...authErrors },
      },
    },
    async (request) => updateOrganisation(ctx, scopedOrganisation(request), request.body, { full: false }, auditActorOf(request)),
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
      return setOrganisationLogo(ctx, orgId, url, false, auditActorOf(request));
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
        body: UpdateOrganisationBody,
        response: { 200: OrganisationRef, ...withConflicts },
      },
    },
    async (request) =>
      updateOrganisation(
        ctx,
        request.params.id,
        { ...request.body, currencies: splitCurrencies(request.body.currencies) },
        { full: true },
        auditActorOf(request),
      ),
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
      return setOrganisationLogo(ctx, request.params.id, url, true, auditActorOf(request));
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
      await deleteOrganisation(ctx, request.params.id, auditActorOf(request));
      return { message: 'Organisation deleted.' };
    },
  );
};

export default organisationRoutes;
