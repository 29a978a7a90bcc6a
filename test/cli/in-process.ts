// The CLI in this process (test/support/cli.ts, runCli with inProcess), under the name the CLI
// tests import it by: the same options and result as the binary's runCli in helpers.ts.
import { runCli as run, type RunOptions, type RunResult } from '../support/cli.js';

export type InProcessOptions = Omit<RunOptions, 'inProcess'>;

/** `statusctl ...args` in-process. */
export function runCli(args: string[], options: InProcessOptions = {}): Promise<RunResult> {
  return run(args, { ...options, inProcess: true });
}
