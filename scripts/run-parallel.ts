// Runs shell commands side by side, at most `--jobs` at a time (default 2: the CI machine's cores), prints each one's
// output in one piece when it ends, and exits non-zero if any failed. `npm test` uses it for the checks that are
// single-threaded (tsc, astro check, ESLint, Prettier), which would otherwise leave a core idle one after another.
//
//   node scripts/run-parallel.ts [--jobs N] "command one" "command two" ...
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const jobsFlag = args.indexOf('--jobs');
const jobs = jobsFlag >= 0 ? Number(args.splice(jobsFlag, 2)[1]) : 2;
const commands = args;
if (commands.length === 0 || !Number.isInteger(jobs) || jobs < 1) {
  console.error('usage: node scripts/run-parallel.ts [--jobs N] "command" ...');
  process.exit(2);
}

/** Runs one command through the shell with its output captured; resolves with its exit code. */
function run(command: string): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n== ${command} (${status === 0 ? 'ok' : `failed: ${code ?? signal}`}, ${seconds} s)\n`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(status);
    });
  });
}

const queue = [...commands];
const failed: string[] = [];
await Promise.all(
  Array.from({ length: Math.min(jobs, commands.length) }, async () => {
    for (let command = queue.shift(); command !== undefined; command = queue.shift()) {
      if ((await run(command)) !== 0) failed.push(command);
    }
  }),
);
if (failed.length > 0) {
  console.error(`\n${failed.length} of ${commands.length} failed: ${failed.join('; ')}`);
  process.exit(1);
}
