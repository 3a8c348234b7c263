import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client.ts';

/** The PostgreSQL channel an enqueuing transaction notifies (delivered by PostgreSQL only when it commits). */
export const DELIVERY_CHANNEL = 'payrail_deliveries';

const RECONNECT_MS = 1_000;
const inProcess = new EventEmitter();
inProcess.setMaxListeners(0);

/**
 * Wakes the delivery workers of this process now. Call it after the transaction that queued
 * deliveries has committed: a worker woken earlier would not see the rows yet.
 */
export function wakeDeliveryWorkers(): void {
  inProcess.emit('queued');
}

/**
 * After rows were queued outside a payment change (Resend, Send test event; already committed):
 * wakes the workers of this process and, on PostgreSQL, those of other processes.
 */
export async function announceQueuedDeliveries(db: Database): Promise<void> {
  await db.execute(sql`select pg_notify(${DELIVERY_CHANNEL}, '')`);
  wakeDeliveryWorkers();
}

/** Calls `wake` whenever this process queues deliveries; returns the unsubscribe function. */
export function onDeliveriesQueued(wake: () => void): () => void {
  inProcess.on('queued', wake);
  return () => inProcess.off('queued', wake);
}

/**
 * Calls `wake` whenever any process commits a transaction that queued deliveries (LISTEN on
 * PostgreSQL, one dedicated connection, reconnecting after a loss). Polling stays the fallback, so a
 * notification missed while reconnecting only delays rows, never loses them. Returns a stop function.
 */
export function listenForDeliveries(databaseUrl: string, wake: () => void, log: FastifyBaseLogger): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    retry = undefined;
    if (stopped) return;
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    const reconnect = (error: unknown) => {
      if (stopped || client !== next) return;
      log.warn({ err: error }, 'delivery notifications lost; listening again shortly');
      client = undefined;
      next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    next.on('error', reconnect);
    next.on('end', () => reconnect(new Error('the connection ended')));
    next.on('notification', (message) => {
      if (message.channel === DELIVERY_CHANNEL) wake();
    });
    try {
      await next.connect();
      await next.query(`listen ${DELIVERY_CHANNEL}`);
      // Rows queued while not listening are due already: look now.
      wake();
    } catch (error) {
      reconnect(error);
    }
  };
  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
