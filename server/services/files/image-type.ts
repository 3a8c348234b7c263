export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** The image type told by the file's first bytes (never by its name or declared type); undefined if not png/jpeg/gif. */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  const starts = (signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  return undefined;
}
