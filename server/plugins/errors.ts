import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { DATABASE_RETRY_AFTER_SECONDS, isConnectionLoss } from '../db/errors.ts';
import { HttpError } from '../errors.ts';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please retry in a moment.';

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large (at most 1 MiB).',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
};

/** One readable line per schema violation, naming the field. */
export function formatValidationErrors(errors: FastifySchemaValidationError[], dataVar: string): string {
  return errors
    .map((error) => {
      const field = `${dataVar}${error.instancePath.replace(/\//g, '.')}`;
      const params = error.params;
      if (error.keyword === 'additionalProperties') return `${field} has an unknown field "${String(params['additionalProperty'])}"`;
      if (error.keyword === 'required') return `${field}.${String(params['missingProperty'])} is required`;
      return `${field} ${error.message ?? 'is invalid'}`;
    })
    .join('; ');
}

/** Uniform `{statusCode, error, message}` bodies; 5xx never leak internals; a lost database connection is a 503 to retry. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (isConnectionLoss(error)) {
        request.log.warn({ err: error }, 'database unavailable; answered 503');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .type('application/json')
          .send({ statusCode: 503, error: STATUS_CODES[503], message: DATABASE_UNAVAILABLE_MESSAGE });
      }
      let statusCode = error.statusCode ?? 500;
      let message = error.message;
      if (error instanceof HttpError) {
        statusCode = error.statusCode;
      } else if ('validation' in error && error.validation) {
        statusCode = 400;
      } else if ('code' in error && error.code && FRIENDLY[error.code]) {
        message = FRIENDLY[error.code] ?? message;
      }
      if (statusCode < 400 || statusCode > 599) statusCode = 500;
      if (statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
        // An HttpError's message was written for the caller (e.g. 502 "the bank could not start the payment").
        if (!(error instanceof HttpError)) message = INTERNAL_MESSAGE;
      }
      if (statusCode === 429 && 'headers' in error && error.headers) void reply.headers(error.headers);
      return reply
        .code(statusCode)
        .type('application/json')
        .send({ statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message });
    });
  },
  { name: 'errors' },
);
