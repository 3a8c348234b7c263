// Payments made Success in one organisation take numbers from one counter row (gap-free receipt numbers), so their
// statements wait for each other in PostgreSQL anyway. Sent all at once, each waiting statement holds a pool
// connection and queues on the row's lock — a convoy that grows with every concurrent callback (PostgreSQL's lock
// manager hands the row over one waiter at a time). In this process they wait here instead, one statement per
// organisation in flight, and the pool stays free for everything else.
import { perDatabase } from '../../db/per-database.ts';

/** Runs tasks one after another per key, in the order they were queued; a failed task does not stop the next. */
export class KeyedQueue<Key> {
  private readonly tails = new Map<Key, Promise<void>>();

  /** Runs `task` once every task queued before it under `key` has settled. */
  run<Result>(key: Key, task: () => Promise<Result>): Promise<Result> {
    const previous = this.tails.get(key);
    const result = previous ? previous.then(task) : task();
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** How many keys have tasks queued or running. */
  get size(): number {
    return this.tails.size;
  }
}

/** The receipt-numbering queue of a database handle (per process; a transaction handle has its own). */
export const numberingQueueOf = perDatabase(() => new KeyedQueue<number>());
