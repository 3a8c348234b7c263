import type { Clock } from '../../server/clock.ts';

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-11-22T10:00:00Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Moves time forward by the given milliseconds. */
  advance(ms: number): void {
    this.current += ms;
  }
}
