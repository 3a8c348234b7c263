// Outbound calls to addresses a tenant configured (PSP APIs, webhook endpoints). The address a host name resolves to
// is checked when the connection is made, by the lookup the socket itself uses: the address checked is the address
// connected to. Checking with one DNS answer and connecting with another (fetch resolves the name again) let a name
// whose answer changes between the two — DNS rebinding — reach a private service and have its answer stored in a log.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import {
  assertAllowedTargetSyntax,
  isOpenTarget,
  isPrivateAddress,
  onOwnOrigin,
  type ResolveAll,
  type TargetPolicy,
} from './target-guard.ts';

/** A call refused by the target policy before anything was sent. */
export class TargetRefusedError extends Error {
  override name = 'TargetRefusedError';
}

const systemResolveAll: ResolveAll = (hostname, family) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, family }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** A socket lookup that answers only when every address of the name is public (as the send-time check did). */
function publicOnlyLookup(resolveAll: ResolveAll = systemResolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname, options.family === 4 || options.family === 6 ? options.family : 0).then(
      (addresses) => {
        const first = addresses[0];
        if (!first) return callback(new TargetRefusedError(`${hostname} has no address.`), '', 4);
        if (addresses.some((entry) => isPrivateAddress(entry.address))) {
          return callback(
            new TargetRefusedError(`${hostname} resolves to a private address; outbound calls go only to public addresses.`),
            '',
            4,
          );
        }
        // net asks for every address when it may try both families (autoSelectFamily), one otherwise.
        if (options.all) (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

export interface OutboundInit {
  method: string;
  headers: Record<string, string>;
  body?: string | undefined;
  signal: AbortSignal;
}

interface Agents {
  http: HttpAgent;
  https: HttpsAgent;
}

// An idle kept-alive connection is closed after 4 s, or 1 s before the server's own `Keep-Alive: timeout=` (Node's
// agent honours that hint only below its own timeout, and keeps sockets forever without one): a request sent on a
// connection the server is just closing fails with a reset.
const IDLE_SOCKET_MS = 4000;

const agentsWith = (lookup?: LookupFunction): Agents => ({
  http: new HttpAgent({ keepAlive: true, timeout: IDLE_SOCKET_MS, ...(lookup ? { lookup } : {}) }),
  https: new HttpsAgent({ keepAlive: true, timeout: IDLE_SOCKET_MS, ...(lookup ? { lookup } : {}) }),
});

// Kept-alive connections, one pool per kind of lookup: a pooled socket was connected to an address its lookup allowed.
const openAgents = agentsWith();
const publicOnlyAgents = agentsWith(publicOnlyLookup());

const DEFAULT_USER_AGENT = 'Payrail/1.0';

// The statuses a Response may not carry a body with.
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function toResponse(message: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.append(name, value);
  }
  const status = message.statusCode ?? 0;
  if (NULL_BODY_STATUSES.has(status)) message.resume();
  const body = NULL_BODY_STATUSES.has(status) ? null : (Readable.toWeb(message) as ReadableStream<Uint8Array>);
  // A status outside 200–599 throws here, as fetch rejects it.
  return new Response(body, { status, headers });
}

/**
 * Sends one HTTP request to a configured target (a path goes to this server's own origin, target-guard.ts#onOwnOrigin)
 * and returns the answer as a fetch Response (redirects are never followed). Refused with TargetRefusedError, nothing sent, when the policy does not allow the URL or the addresses
 * its host resolves to (policy.resolveAll, or the system resolver).
 */
export async function fetchAllowedTarget(configured: string, init: OutboundInit, policy: TargetPolicy): Promise<Response> {
  const url = onOwnOrigin(configured, policy);
  try {
    assertAllowedTargetSyntax(url, policy);
  } catch (error) {
    throw new TargetRefusedError(error instanceof Error ? error.message : String(error));
  }
  const target = new URL(url);
  const agents = isOpenTarget(target, policy)
    ? openAgents
    : policy.resolveAll
      ? agentsWith(publicOnlyLookup(policy.resolveAll))
      : publicOnlyAgents;
  const isHttps = target.protocol === 'https:';
  const send = isHttps ? httpsRequest : httpRequest;
  const given = new Set(Object.keys(init.headers).map((name) => name.toLowerCase()));
  const headers: Record<string, string> = {
    // What fetch sent by default: some APIs (and the firewalls before them) refuse a request without a User-Agent.
    ...(given.has('user-agent') ? {} : { 'user-agent': DEFAULT_USER_AGENT }),
    ...(given.has('accept') ? {} : { accept: '*/*' }),
    ...init.headers,
    ...(init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) }),
  };
  let failedOnReusedSocket = false;
  const attempt = () =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const request = send(
        target,
        { method: init.method, headers, agent: isHttps ? agents.https : agents.http, signal: init.signal },
        resolve,
      );
      request.on('error', (error) => {
        failedOnReusedSocket = request.reusedSocket;
        reject(error);
      });
      request.end(init.body);
    });
  try {
    return toResponse(await attempt());
  } catch (error) {
    // A kept-alive connection the server closed as it was reused: nothing was answered, so the request is sent once
    // more on a new connection (Node's advice for this race).
    if (!failedOnReusedSocket || (error as NodeJS.ErrnoException).code !== 'ECONNRESET' || init.signal.aborted) throw error;
    return toResponse(await attempt());
  }
}

/**
 * Reads an outbound call's answer up to `maxBytes`: the text of at most that many bytes and whether that was all of
 * it. A longer body is not read further (its stream is cancelled), so an endpoint cannot make Payrail hold a huge
 * answer in memory.
 */
export async function readBodyUpTo(response: Response, maxBytes: number): Promise<{ text: string; complete: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { text: '', complete: true };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let complete = false;
  try {
    while (size <= maxBytes) {
      const { done, value } = await reader.read();
      if (done) {
        complete = true;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    if (!complete) await reader.cancel().catch(() => undefined);
  }
  return { text: Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8'), complete };
}
