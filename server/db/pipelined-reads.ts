// Short reads on PostgreSQL share one pipelined connection (node-postgres' `pipeline` mode): each statement is
// written as soon as it is asked for, without waiting for the answer to the one before, and PostgreSQL answers them
// in order. The payments page measured 15–25 % more requests per second this way than through the pool (bench,
// 1 M payments): the backend that serves them stays busy instead of being woken for every statement, and the
// server thread writes to one socket. A slow statement would hold up every read queued behind it, so only reads
// whose callers know them to be short (an index range and a limit) come here, and never a transaction's
// statements — those run on the transaction's own connection.
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './client.ts';
import { isConnectionLoss } from './errors.ts';

// As drizzle's node-postgres session reads them, so a row is the same whichever connection answered: dates, times
// and intervals (and arrays of them) stay text; everything else uses node-postgres' parsers.
const TEXT_TYPE_IDS = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const asText = (value: string): unknown => value;
const types: pg.CustomTypesConfig = {
  getTypeParser: ((typeId: number): ((value: string) => unknown) =>
    TEXT_TYPE_IDS.has(typeId)
      ? asText
      : (pg.types.getTypeParser(typeId, 'text') as (value: string) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
};

/** The socket node-postgres writes a client's messages to (not in its typings). */
function socketOf(client: pg.Client): { cork(): void; uncork(): void } | undefined {
  return (client as unknown as { connection?: { stream?: { cork(): void; uncork(): void } } }).connection?.stream;
}

/** One pipelined connection for short reads, opened on first use and again after it is lost. */
export class PipelinedReads {
  #client: Promise<pg.Client> | undefined;
  #current: pg.Client | undefined;
  #lost = new WeakSet<pg.Client>();
  #closed = false;
  #corked = false;

  readonly #connectionString: string;

  constructor(connectionString: string) {
    this.#connectionString = connectionString;
  }

  /**
   * The rows of a named statement, or undefined when the pipelined connection could not answer (it could not be
   * opened, or was lost with the statement on it): the caller then runs the read on a pooled connection.
   */
  async read<Row>(name: string, text: string, values: unknown[]): Promise<Row[] | undefined> {
    if (this.#closed) return undefined;
    const client = await this.#connected();
    if (!client) return undefined;
    this.#coalesceWrites(client);
    try {
      const result = await client.query({ name, text, values });
      return result.rows as Row[];
    } catch (error) {
      if (this.#lost.has(client) || isConnectionLoss(error)) {
        this.#forget(client);
        return undefined;
      }
      // Wrapped as Drizzle wraps a failed query on a pooled connection, so callers see one shape either way.
      throw new DrizzleQueryError(text, values, error as Error);
    }
  }

  /** Ends the connection; reads after this go to the pool. */
  async close(): Promise<void> {
    this.#closed = true;
    const client = await this.#client?.catch(() => undefined);
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  async #connected(): Promise<pg.Client | undefined> {
    this.#client ??= this.#open();
    try {
      return await this.#client;
    } catch {
      this.#client = undefined;
      return undefined;
    }
  }

  async #open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.#connectionString, types, pipeline: true });
    // A lost connection must not crash the process (an unhandled 'error' event would): the next read opens another.
    client.on('error', () => this.#forget(client));
    client.on('end', () => this.#forget(client));
    await client.connect();
    if (this.#closed) {
      await client.end();
      throw new Error('closed');
    }
    this.#current = client;
    return client;
  }

  /**
   * node-postgres writes each statement to the socket with a system call of its own. The reads asked for in one turn
   * of the event loop (the requests that arrived together) are held and written with one call after it (setImmediate
   * runs once the turn's I/O callbacks are done): fewer system calls for the API thread, nothing later for the
   * statements, which PostgreSQL would answer one after another anyway.
   */
  #coalesceWrites(client: pg.Client): void {
    if (this.#corked) return;
    const socket = socketOf(client);
    if (!socket) return;
    this.#corked = true;
    socket.cork();
    setImmediate(() => {
      this.#corked = false;
      socket.uncork();
    });
  }

  #forget(client: pg.Client): void {
    if (this.#lost.has(client)) return;
    this.#lost.add(client);
    if (this.#current === client) {
      this.#current = undefined;
      this.#client = undefined;
    }
    client.end().catch(() => undefined);
  }
}

const readers = new WeakMap<Database, PipelinedReads>();

/** Gives a PostgreSQL database its pipelined reads (a transaction is another object, so it never finds them). */
export function attachPipelinedReads(db: Database, reads: PipelinedReads): void {
  readers.set(db, reads);
}

/** The pipelined reads of `db`: undefined for PGlite, a transaction, or a database opened without them. */
export function pipelinedReadsOf(db: Database): PipelinedReads | undefined {
  return readers.get(db);
}
