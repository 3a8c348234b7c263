import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../errors.ts';

const isClientError = (error: unknown): error is Error & { statusCode: number } =>
  error instanceof Error &&
  'statusCode' in error &&
  typeof error.statusCode === 'number' &&
  error.statusCode >= 400 &&
  error.statusCode < 500;

/**
 * Reads the one uploaded file of a multipart request from the named field (size capped by the multipart limits). Only
 * the request is read here, so anything that goes wrong is the upload's fault: a missing or empty boundary, a
 * truncated part, a broken part header are a 400.
 */
export async function readImageUpload(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, `Send the image as multipart/form-data in the field "${field}".`);
  try {
    const part = await request.file();
    if (!part) throw badRequest(`No file was uploaded; send it in the field "${field}".`);
    if (part.fieldname !== field) {
      part.file.resume();
      throw badRequest(`Send the image in the field "${field}" (got "${part.fieldname}").`);
    }
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'The image is larger than 2 MiB.');
    if (isClientError(error)) throw new HttpError(error.statusCode, error.message);
    throw badRequest(`The upload is not valid multipart/form-data: ${error instanceof Error ? error.message : String(error)}.`);
  }
}
