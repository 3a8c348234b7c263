import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { DATABASE_RETRY_AFTER_SECONDS, isConnectionLoss, isDataException } from '../db/errors.ts';
import { HttpError } from '../errors.ts';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
const DATA_EXCEPTION_MESSAGE = 'A value in the request is out of range or malformed.';
const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please retry in a moment.';

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
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

/** A byte count as people write a limit: "256 KiB", "1 MiB". */
function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

const errorBody = (statusCode: number, message: string) => ({ statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message });

/** Fastify's own URL errors (a bad percent-escape, an over-long path parameter) in the uniform body (`frameworkErrors`). */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const statusCode = error.statusCode ?? 400;
  void reply
    .code(statusCode)
    .type('application/json')
    .send(errorBody(statusCode, statusCode >= 500 ? INTERNAL_MESSAGE : error.message));
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
      } else if (isDataException(error)) {
        // A last line of defence: the request schemas and the input-text plugin are meant to stop these first.
        statusCode = 400;
        message = DATA_EXCEPTION_MESSAGE;
        request.log.warn({ err: error }, 'a request value reached the database unchecked');
      } else if ('code' in error && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        message = `The request body is too large (at most ${formatBytes(request.routeOptions.bodyLimit)}).`;
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
      return reply.code(statusCode).type('application/json').send(errorBody(statusCode, message));
    });
  },
  { name: 'errors' },
);
