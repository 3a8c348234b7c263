import { negotiate } from '@fastify/accept-negotiator';

/** The encodings the server sends, best first: brotli is smaller than gzip for the same text. */
export type ContentEncoding = 'br' | 'gzip' | 'identity';

const SUPPORTED: ContentEncoding[] = ['br', 'gzip', 'identity'];

/** The encoding to answer with for this Accept-Encoding header; none or nothing acceptable means the raw body. */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  return negotiate(acceptEncoding, SUPPORTED) ?? 'identity';
}
