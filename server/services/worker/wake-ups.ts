/**
 * The wake-ups a running job has not looked at yet. A job that waits between batches (webhook delivery) waits on
 * `next()` as well as its poll timer, so a row queued while it runs is taken at once instead of at the next poll.
 */
export class WakeUps {
  private pending = false;
  private waiting: Promise<void> | undefined;
  private release: (() => void) | undefined;

  /** Something worth looking at arrived. */
  signal(): void {
    this.pending = true;
    this.release?.();
    this.waiting = undefined;
    this.release = undefined;
  }

  /** Whether a wake-up arrived since the last `take`. */
  get untaken(): boolean {
    return this.pending;
  }

  /** Marks every wake-up so far as seen: call it right before looking (a claim sees what was committed before it). */
  take(): void {
    this.pending = false;
  }

  /** Resolves at the first wake-up not yet taken (at once when one arrived since the last `take`). */
  next(): Promise<void> {
    if (this.pending) return Promise.resolve();
    this.waiting ??= new Promise<void>((resolve) => (this.release = resolve));
    return this.waiting;
  }
}
