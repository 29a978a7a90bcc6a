// Entry of the bundled CLI: one run with this process's streams, environment and clock.
import { run } from './run.js';

// `statusctl incidents list | head` closes the pipe before the table is written: the reader is
// done, which is not a failure worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  throw error;
});

void run(process.argv.slice(2), {
  io: {
    stdout: process.stdout,
    stderr: process.stderr,
    // Set up by Node on first use only (a stream over the pipe, file or terminal): most commands
    // never read it, and need not pay for it.
    get stdin() {
      return process.stdin;
    },
  },
  env: process.env,
  now: Date.now,
  // Waits are measured on a clock that setting the system's time does not move.
  monotonicNow: () => Number(process.hrtime.bigint()) / 1e6,
  sleep: async (ms, signal) => (await import('node:timers/promises')).setTimeout(ms, undefined, { signal }),
}).then((code) => {
  process.exitCode = code;
});
