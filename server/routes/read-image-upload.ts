import type { FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../errors.ts';

/** Reads the one uploaded file of a multipart request from the named field (size capped by the multipart limits). */
export async function readImageUpload(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, `Send the image as multipart/form-data in the field "${field}".`);
  const part = await request.file();
  if (!part) throw badRequest(`No file was uploaded; send it in the field "${field}".`);
  if (part.fieldname !== field) {
    part.file.resume();
    throw badRequest(`Send the image in the field "${field}" (got "${part.fieldname}").`);
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'The image is larger than 2 MiB.');
    throw error;
  }
}
