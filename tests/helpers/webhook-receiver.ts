import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Answer only after this long (a slow receiver). */
  delayMs?: number;
  /** Answer only once this settles (a request held open while the test looks at what else arrives). */
  until?: Promise<unknown>;
}

export type Responder = (request: ReceivedWebhook, index: number) => Reply | undefined;

export interface WebhookReceiver {
  /** http://127.0.0.1:<port> */
  origin: string;
  url(path?: string): string;
  received: ReceivedWebhook[];
  /** How the next requests are answered (200 '{"ok":true}' when it returns undefined). */
  respond(responder: Responder): void;
  reset(): void;
  close(): Promise<void>;
}

/** A real loopback HTTP receiver that records every request and answers as told. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let responder: Responder = () => undefined;
  const send = (response: ServerResponse, reply: Reply) => {
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    response.end(reply.body ?? '{"ok":true}');
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      const index = received.length;
      received.push(entry);
      const reply = responder(entry, index) ?? {};
      if (reply.until) {
        const answer = () => send(response, reply);
        void reply.until.then(answer, answer);
      } else if (reply.delayMs) {
        const timer = setTimeout(() => send(response, reply), reply.delayMs);
        response.on('close', () => clearTimeout(timer));
      } else send(response, reply);
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path = '/hooks') => `${origin}${path}`,
    received,
    respond(next) {
      responder = next;
    },
    reset() {
      received.length = 0;
      responder = () => undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
