// A mock of the hosted API made from its own document (spec/upstream-openapi-subset.json) by
// Prism (@stoplight/prism-cli), on a real port: what the CLI's read commands meet when every
// answer is only what the hosted document promises, not what the reference server happens to
// send. `static` answers each route with the example Prism builds from its schema, the same
// every time; `dynamic` makes up values the schema allows, repeatably for one seed.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { once } from 'node:events';
import { cleanUpAfter } from '../support/cleanup.js';
import { ROOT } from '../support/cli.js';

export interface HostedMock {
  readonly url: string;
  close(): Promise<void>;
}

const running = new Set<ChildProcess>();
cleanUpAfter('file', () => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

/** Starts Prism on a free port and resolves once it says it listens. */
export async function startHostedMock(mode: { dynamic?: false } | { dynamic: true; seed: number }): Promise<HostedMock> {
  const args = ['mock', '--host', '127.0.0.1', '--port', '0', join(ROOT, 'spec', 'upstream-openapi-subset.json')];
  if (mode.dynamic) args.push('--dynamic', '--seed', String(mode.seed));
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'prism'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Prism prints every route it serves, then "Prism is listening on http://127.0.0.1:PORT".
      const found = /Prism is listening on (http:\/\/\S+)/.exec(output);
      if (found) resolveUrl(found[1]!.replace(/\/$/, ''));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`prism exited (${code}) before listening:\n${output}`)));
  });
  return {
    url,
    async close() {
      running.delete(child);
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
