import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static, TObject, TSchema } from 'typebox';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { MessageResponse, authErrors, IdParams } from '../../isomorphic/schemas/common.ts';
import { ListOf, pageOf } from '../../isomorphic/schemas/pagination.ts';
import { ReferenceListQuery } from '../../isomorphic/schemas/reference.ts';
import type { ListOptions } from '../services/reference/reference-service.ts';
import { changesBetween, withAudit } from '../services/audit/audit-service.ts';
import { auditActorOf } from '../plugins/audit-actor.ts';

const idOf = (row: unknown) => (row as { id?: number } | null)?.id ?? null;

/** What tells the country routes from the currency routes: their words, schemas and service calls. */
export interface ReferenceResource<Create extends TObject, Update extends TObject> {
  /** The path segment and the API document's tag: `countries`, `currencies`. */
  plural: string;
  /** The item schema (registered once here) and a reference to it. */
  schema: TObject;
  ref: TSchema;
  createBody: Create;
  updateBody: Update;
  summaries: { list: string; create: string; update: string; remove: string };
  /** The audit trail's target type: `country`, `currency`. */
  auditType: string;
  /** The reply to a delete. */
  deleted: string;
  list: (db: Database, options: ListOptions) => Promise<{ items: unknown[]; total: number; page: number; pageSize: number }>;
  /** Creates (`id` undefined) or updates a row. */
  save: (db: Database, clock: Clock, id: number | undefined, input: Static<Create> | Static<Update>) => Promise<unknown>;
  /** The row as stored before an edit, for the audit entry's before → after. */
  find: (db: Database, id: number) => Promise<object | undefined>;
  remove: (db: Database, id: number) => Promise<void>;
}

/** A reference table's routes: anyone signed in reads; superadmins create, edit, toggle and delete. */
export function referenceRoutes<Create extends TObject, Update extends TObject>(
  resource: ReferenceResource<Create, Update>,
): FastifyPluginAsyncTypebox<{ db: Database; clock: Clock }> {
  const { plural, summaries } = resource;
  // The type provider cannot resolve a body schema that is a type parameter: the bodies are cast to what Fastify has
  // just validated them against.
  return async (app, { db, clock }) => {
    app.addSchema(resource.schema);
    const superadmin = [app.authenticate, app.requireRole('superadmin')];
    const common = { tags: [plural], security: [{ bearer: [] }] };

    app.get(
      `/${plural}`,
      {
        preHandler: app.authenticate,
        schema: {
          ...common,
          summary: summaries.list,
          querystring: ReferenceListQuery,
          response: { 200: ListOf(resource.ref), ...authErrors },
        },
      },
      async (request) =>
        resource.list(db, { ...pageOf(request.query), all: request.query.all ?? false, enabledOnly: request.query.enabled ?? false }),
    );
    app.post(
      `/${plural}`,
      {
        preHandler: superadmin,
        schema: {
          ...common,
          summary: summaries.create,
          body: resource.createBody,
          response: { 201: resource.ref, ...authErrors, 409: authErrors[400] },
        },
      },
      async (request, reply) => {
        const body = request.body as Static<Create>;
        const saved = await withAudit(
          db,
          clock,
          auditActorOf(request),
          (tx) => resource.save(tx, clock, undefined, body),
          (row) => ({
            action: `${resource.auditType}.create`,
            targetType: resource.auditType,
            targetId: idOf(row),
            orgId: null,
            changes: changesBetween(null, body),
          }),
        );
        return reply.code(201).send(saved);
      },
    );
    app.patch(
      `/${plural}/:id`,
      {
        preHandler: superadmin,
        schema: {
          ...common,
          summary: summaries.update,
          params: IdParams,
          body: resource.updateBody,
          response: { 200: resource.ref, ...authErrors, 409: authErrors[400] },
        },
      },
      async (request) => {
        const body = request.body as Static<Update>;
        const { id } = request.params;
        const { saved } = await withAudit(
          db,
          clock,
          auditActorOf(request),
          async (tx) => ({ before: await resource.find(tx, id), saved: await resource.save(tx, clock, id, body) }),
          ({ before, saved }) => ({
            action: `${resource.auditType}.update`,
            targetType: resource.auditType,
            targetId: id,
            orgId: null,
            // The fields the edit sent, as they were and as they are now (a code is stored upper-cased).
            changes: changesBetween(before, saved as object, Object.keys(body)),
          }),
        );
        return saved;
      },
    );
    app.delete(
      `/${plural}/:id`,
      {
        preHandler: superadmin,
        schema: {
          ...common,
          summary: summaries.remove,
          params: IdParams,
          response: { 200: MessageResponse, ...authErrors, 409: authErrors[400] },
        },
      },
      async (request) => {
        const { id } = request.params;
        const entry = { action: `${resource.auditType}.delete`, targetType: resource.auditType, targetId: id, orgId: null };
        await withAudit(
          db,
          clock,
          auditActorOf(request),
          (tx) => resource.remove(tx, id),
          () => entry,
        );
        return { message: resource.deleted };
      },
    );
  };
}
