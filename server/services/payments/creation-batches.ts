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

export interface CreationBatchOptions {
  /** The most payments in one statement. */
  maxBatch: number;
  /** How many creation statements may be in flight at once (each holds a pool connection). */
  maxInFlight: number;
}

const DEFAULTS: CreationBatchOptions = { maxBatch: 50, maxInFlight: 1 };

/** Writes the payments created on one database, batching those that arrive while a statement is in flight. */
export class PaymentCreationBatches {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;
  private readonly options: CreationBatchOptions;
  private readonly db: Database;

  constructor(db: Database, options: Partial<CreationBatchOptions> = {}) {
    this.db = db;
    this.options = { ...DEFAULTS, ...options };
  }

  /**
   * Creates and records one payment, in the same statement as any others created meanwhile; undefined when its
   * organisation's payment settings changed since they were read (see insertRecordedPayments).
   */
  create(creation: PaymentCreation): Promise<RecordedPayment | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ creation, resolve, reject });
      if (this.inFlight < this.options.maxInFlight) void this.writeWaiting();
    });
  }

  private async writeWaiting(): Promise<void> {
    this.inFlight++;
    try {
      while (this.waiting.length > 0) await this.write(this.waiting.splice(0, this.options.maxBatch));
    } finally {
      this.inFlight--;
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      const created = await insertRecordedPayments(
        this.db,
        batch.map((entry) => entry.creation),
      );
      batch.forEach((entry, index) => entry.resolve(created[index]));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // The failed statement wrote nothing; written one by one, a payment the database refuses fails only its own request.
      await Promise.all(
        batch.map((entry) => insertRecordedPayments(this.db, [entry.creation]).then(([created]) => entry.resolve(created), entry.reject)),
      );
    }
  }
}

/** The creation batches of a database handle (one per handle, so per process). */
export const creationBatchesOf = perDatabase((db) => new PaymentCreationBatches(db));
