import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auditActorOf } from '../plugins/audit-actor.ts';
import { withAudit } from '../services/audit/audit-service.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { callerOf } from '../plugins/auth.ts';
import { Binary, authErrors, errorResponses } from '../../isomorphic/schemas/common.ts';
import { FileKeyParams, UploadResponse } from '../../isomorphic/schemas/files.ts';
import { readStoredFile, storeImage } from '../services/files/files-service.ts';
import { readImageUpload } from './read-image-upload.ts';

/** Image uploads (avatars, logos) stored in the database and served by unguessable URL. */
const fileRoutes: FastifyPluginAsyncTypebox<{ db: Database; clock: Clock }> = async (app, { db, clock }) => {
  app.post(
    '/files/upload',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['files'],
        summary: 'Upload a png, jpeg or gif image (≤ 2 MiB, multipart field "file"); returns its URL',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: { 201: UploadResponse, ...authErrors, ...errorResponses(413, 415) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const bytes = await readImageUpload(request, 'file');
      const stored = await withAudit(
        db,
        clock,
        auditActorOf(request),
        (tx) => storeImage(tx, clock, bytes, { uploadedBy: caller.id, orgId: caller.orgId }),
        (file) => ({
          action: 'file.upload',
          targetType: 'file',
          targetId: file.url,
          orgId: caller.orgId,
          changes: { size: { before: null, after: file.size } },
        }),
      );
      return reply.code(201).send(stored);
    },
  );

  app.get(
    '/files/:key',
    {
      schema: {
        tags: ['files'],
        summary: 'An uploaded image',
        params: FileKeyParams,
        response: { 200: Binary, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const file = await readStoredFile(db, request.params.key);
      return reply
        .type(file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-disposition', 'inline')
        .send(file.bytes);
    },
  );
};

export default fileRoutes;
