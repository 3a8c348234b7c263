import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (e.g. mailing a reset link after the answer is sent). Failures are
 * logged; `settled()` waits for everything started so far, so closing the app never cuts a task short.
 */
export class BackgroundWork {
  readonly #pending = new Set<Promise<void>>();
  readonly #log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }

  /** Starts the task on the next turn of the event loop, after the current request's answer. */
  run(name: string, task: () => Promise<void>): void {
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.#log.error({ err: error, task: name }, 'background task failed'))
      .finally(() => this.#pending.delete(running));
    this.#pending.add(running);
  }

  /** Resolves once every task started so far has ended. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }
}
