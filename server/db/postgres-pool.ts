// node-postgres emits 'error' on a client whose connection is lost (PostgreSQL restarting, an admin terminating
// sessions, the network). The pool listens while a client is idle and drops it; while a client is checked out nobody
// listens, and an unheard 'error' event ends the process. Drizzle's transactions also send BEGIN before the block
// that gives the client back, so a connection lost at that moment would never return to the pool, which would
// shrink with every such loss until no request could get a connection.
import pg from 'pg';

/** A pool whose clients may lose their connections at any moment: the process carries on and the pool refills. */
export function createPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, keepAlive: true });
  const checkedOut = new WeakSet<pg.Client>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('error', (error) => console.error('PostgreSQL: an idle connection was lost:', error.message));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!checkedOut.has(client)) return;
      // Its holder learns of the loss from its statements, which all fail now. The pool takes the client back at
      // once and discards it; the holder's own release later (if it comes) does nothing.
      const release = client.release.bind(client);
      client.release = () => undefined;
      release(error);
    });
  });
  return pool;
}
