// Group commit for payment creation: the payments created while a creation statement is on its way to the database go
// together in the next one — one round trip and one commit (WAL flush) for all of them instead of one each. A lone
// request is written at once; batches only form under concurrency, where they save the most.
import type { Database } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { insertRecordedPayments, type PaymentCreation, type RecordedPayment } from './payment-changes.ts';

interface Waiting {
  creation: PaymentCreation;
  resolve: (created: RecordedPayment | undefined) => void;
  reject: (error: unknown) => void;
}

/** The most payments in one statement. */
const MAX_BATCH = 50;
// One creation statement in flight per process: against two or four in flight (1 M payments, 4 connections) it gave
// the most payments per second, as every extra statement costs a commit of its own.

/** Writes the payments created on one database, batching those that arrive while a statement is in flight. */
export class PaymentCreationBatches {
  private readonly waiting: Waiting[] = [];
  private writing = false;
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /**
   * Creates and records one payment, in the same statement as any others created meanwhile; undefined when its
   * organisation's payment settings changed since they were read (see insertRecordedPayments).
   */
  create(creation: PaymentCreation): Promise<RecordedPayment | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ creation, resolve, reject });
      if (!this.writing) void this.writeWaiting();
    });
  }

  private async writeWaiting(): Promise<void> {
    this.writing = true;
    try {
      let answerLast: (() => void) | undefined;
      while (this.waiting.length > 0) {
        const writing = this.write(this.waiting.splice(0, MAX_BATCH));
        // The next statement goes out before the last batch's requests are answered: PostgreSQL works on it while this
        // thread writes their replies, instead of idling until they are written (4 connections: ~10 % more payments per
        // second). setImmediate runs once the statement has reached the socket.
        if (answerLast) setImmediate(answerLast);
        const answerThis = await writing;
        // PGlite runs the statement on this thread, so it can be back before the event loop turned: answer the last
        // batch first (answering twice changes nothing: a promise settles once).
        answerLast?.();
        answerLast = answerThis;
      }
      answerLast?.();
    } finally {
      this.writing = false;
    }
  }

  /** Writes one batch and returns what answers its requests (a failure is answered at once). */
  private async write(batch: Waiting[]): Promise<() => void> {
    try {
      const created = await insertRecordedPayments(
        this.db,
        batch.map((entry) => entry.creation),
      );
      return () => batch.forEach((entry, index) => entry.resolve(created[index]));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      // The failed statement wrote nothing; written one by one, a payment the database refuses fails only its own request.
      else
        await Promise.all(
          batch.map((entry) => insertRecordedPayments(this.db, [entry.creation]).then(([created]) => entry.resolve(created), entry.reject)),
        );
      return () => undefined;
    }
  }
}

/** The creation batches of a database handle (one per handle, so per process). */
export const creationBatchesOf = perDatabase((db) => new PaymentCreationBatches(db));
