import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import { evenSampler, isSuccessfulRead, type RequestLogPolicy } from './request-log-policy.ts';

/** Pino options for a server process: readable lines (pino-pretty) on a terminal, one JSON object a line otherwise. */
export function processLoggerOptions(level: string, stdoutIsTerminal: boolean): LoggerOptions {
  if (!stdoutIsTerminal) return { level };
  return {
    level,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
  };
}

/** A server's logger: processLoggerOptions, writing through a buffer when stdout is not a terminal (bufferedStdout). */
export function serverLoggerOptions(level: string, stdoutIsTerminal: boolean): LoggerOptions & { stream?: DestinationStream } {
  const options = processLoggerOptions(level, stdoutIsTerminal);
  return stdoutIsTerminal ? options : { ...options, stream: bufferedStdout() };
}

/**
 * Standard output written in chunks of at least 4 KiB, and at least once a second: pino's default hands every line
 * to a thread of libuv's pool for a write of its own, which cost the API thread more than building the line
 * (docs/performance.md#logging). A chunk is written synchronously (≈ 2.5 µs a line against ≈ 7 µs measured), so a
 * log reader that stops reading stalls the server rather than filling its memory; what is buffered is written when the
 * process exits, so only a killed process loses up to a second of lines.
 */
export function bufferedStdout(): DestinationStream {
  const destination = pino.destination({ dest: 1, sync: true, minLength: 4096, periodicFlush: 1000 });
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // Standard output already closed: nothing left to write to.
    }
  });
  return destination;
}

/**
 * One log line per request, written when it completes, carrying the request (method, URL, caller address) with the
 * status and duration: Fastify's default writes an 'incoming request' line and a 'request completed' line, which
 * doubled the volume (89 MB in 1.5 minutes of load) for one fact more (a request that never completes, which the
 * server's timeouts and error lines report anyway). Successful reads are kept by `policy.lineReads`.
 */
export class OneLineRequestLog extends LogController {
  readonly #keepRead: () => boolean;

  constructor(policy: Pick<RequestLogPolicy, 'lineReads'>) {
    super();
    this.#keepRead = evenSampler(policy.lineReads);
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    if (isSuccessfulRead(request.method, reply.statusCode) && !this.#keepRead()) return;
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** The framed notice that shows the generated first-start superadmin password, which is never shown again. */
export function firstStartBanner(account: { email: string; password: string; signInUrl: string }): string {
  const lines = [
    'A superadmin was created on this first start.',
    '',
    `  Sign in at  ${account.signInUrl}`,
    `  E-mail      ${account.email}`,
    `  Password    ${account.password}`,
    '',
    'It is not stored in clear anywhere and will not be shown again:',
    'sign in and change it (Settings → Password) now.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '═'.repeat(width + 4);
  return [`╔${rule}╗`, ...lines.map((line) => `║  ${line.padEnd(width)}  ║`), `╚${rule}╝`].join('\n');
}
