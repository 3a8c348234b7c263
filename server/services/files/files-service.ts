import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { HttpError, badRequest, notFound } from '../../errors.ts';
import { findFileByKey, insertFile, type FileRow } from './files-repository.ts';
import { MAX_IMAGE_BYTES, detectImageType } from './image-type.ts';

export const FILES_PATH = '/api/files';

/** A stored file by its public key; an unknown key is 404. */
export async function readStoredFile(db: Database, publicKey: string): Promise<FileRow> {
  const file = await findFileByKey(db, publicKey);
  if (!file) throw notFound('File not found.');
  return file;
}

/** Checks an uploaded image by its content and size, stores it, and returns its public URL path. */
export async function storeImage(
  db: Database,
  clock: Clock,
  bytes: Buffer,
  owner: { uploadedBy: number | null; orgId: number | null },
): Promise<{ url: string; contentType: string; size: number }> {
  if (bytes.length === 0) throw badRequest('The uploaded file is empty.');
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, 'The image is larger than 2 MiB.');
  const contentType = detectImageType(bytes);
  if (!contentType) throw new HttpError(415, 'Only PNG, JPEG or GIF images are accepted.');
  const publicKey = randomBytes(24).toString('base64url');
  await insertFile(db, {
    publicKey,
    contentType,
    byteSize: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes,
    uploadedBy: owner.uploadedBy,
    orgId: owner.orgId,
    createdAt: clock.now(),
  });
  return { url: `${FILES_PATH}/${publicKey}`, contentType, size: bytes.length };
}
