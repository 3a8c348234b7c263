import { describe, expect, it } from 'vitest';
import { KeyedQueue } from '../../../../../server/services/payments/numbering-queue.ts';

/** A task that records when it starts and ends, and finishes when `release` is called. */
function gatedTask(log: string[], name: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const task = async () => {
    log.push(`${name} start`);
    await gate;
    log.push(`${name} end`);
    return name;
  };
  return { task, release };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedQueue', () => {
  it('runs one task per key at a time, in the order queued, and tasks of other keys alongside', async () => {
    const queue = new KeyedQueue<number>();
    const log: string[] = [];
    const first = gatedTask(log, 'a1');
    const second = gatedTask(log, 'a2');
    const other = gatedTask(log, 'b1');
    const results = [queue.run(1, first.task), queue.run(1, second.task), queue.run(2, other.task)];
    await tick();
    expect(log).toEqual(['a1 start', 'b1 start']);
    second.release();
    other.release();
    await tick();
    expect(log).toEqual(['a1 start', 'b1 start', 'b1 end']);
    first.release();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'b1']);
    expect(log).toEqual(['a1 start', 'b1 start', 'b1 end', 'a1 end', 'a2 start', 'a2 end']);
  });

  it('goes on after a failed task, which fails only its own caller, and forgets idle keys', async () => {
    const queue = new KeyedQueue<string>();
    const failing = queue.run('org', () => Promise.reject(new Error('statement failed')));
    const next = queue.run('org', () => Promise.resolve('written'));
    await expect(failing).rejects.toThrow('statement failed');
    expect(await next).toBe('written');
    await tick();
    expect(queue.size).toBe(0);
  });
});
