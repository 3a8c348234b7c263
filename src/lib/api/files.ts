import { apiPost } from './client.ts';
import type { UploadedFile } from './types.ts';

/** POST /files/upload (multipart field "file"): stores a png/jpeg/gif ≤ 2 MiB and returns its URL. */
export function uploadFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return apiPost<UploadedFile>('/files/upload', form);
}
