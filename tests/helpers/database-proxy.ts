import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface DatabaseProxy {
  /** The database URL through the proxy (same database, user and options). */
  url: string;
  /** Drops every connection and refuses new ones: the database is unreachable. */
  cut(): void;
  /** Accepts connections again. */
  restore(): void;
  /** Holds what clients send (the server sees nothing) until `cut` or `release`: a statement stays in flight. */
  hold(): void;
  /** Forwards what was held, and everything after. */
  release(): void;
  close(): Promise<void>;
}

/** A loopback TCP proxy to the PostgreSQL of `databaseUrl`, so a test can make the database unreachable and back. */
export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const pairs = new Set<[Socket, Socket]>();
  let reachable = true;
  let holding = false;
  const held: [Socket, Buffer][] = [];
  const server = createServer((client) => {
    if (!reachable) return client.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => (holding ? held.push([upstream, chunk]) : upstream.write(chunk)));
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', drop).on('error', drop);
    upstream.on('close', drop).on('error', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  const flush = () => {
    holding = false;
    for (const [upstream, chunk] of held.splice(0)) if (!upstream.destroyed) upstream.write(chunk);
  };
  const cut = () => {
    reachable = false;
    held.length = 0;
    holding = false;
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    url: url.toString(),
    cut,
    restore() {
      reachable = true;
    },
    hold() {
      holding = true;
    },
    release: flush,
    close() {
      cut();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
