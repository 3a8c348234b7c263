import { negotiate } from '@fastify/accept-negotiator';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** For bytes compressed once ahead of time: brotli first, it is the smaller. */
export const SMALLEST_FIRST: ContentEncoding[] = ['br', 'gzip', 'identity'];
/** For bytes compressed per response: gzip first, it costs half the CPU of brotli for nearly the same size. */
export const CHEAPEST_FIRST: ContentEncoding[] = ['gzip', 'br', 'identity'];

/**
 * The encoding to answer with for this Accept-Encoding header, the first of `preference` among the best-rated ones;
 * no header or nothing acceptable means the raw body.
 */
export function preferredEncoding(acceptEncoding: string | undefined, preference = SMALLEST_FIRST): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  return negotiate(acceptEncoding, preference) ?? 'identity';
}
