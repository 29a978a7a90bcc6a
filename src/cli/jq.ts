// --jq EXPR: a real jq (jq 1.8 compiled to WebAssembly, the jq-wasm package: the same language
// and messages as the jq people know, no native build, nothing to install) over what a command
// prints as JSON. Loaded only when --jq is given, and started as soon as the command starts, so
// compiling the WebAssembly overlaps the request instead of following it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Jq } from 'jq-wasm';
import { usageError } from './exit-codes.js';

export async function loadJqEngine(): Promise<Jq> {
  const { setFlagsFromString } = await import('node:v8');
  // One short-lived process: compile jq's WebAssembly with V8's baseline compiler only (no
  // optimizing a code that runs once), and, in the built jq.wasm, the functions that its
  // compilation hints mark (scripts/jq-wasm.mjs) all at once up front, instead of one at a time
  // at their first call. These flags only change how this process compiles WebAssembly.
  setFlagsFromString('--liftoff-only');
  // Without this, Node 24's V8 still queues optimizing jobs for hot functions, and the process
  // waits for them at exit: 80 to 110 ms after the output is written.
  setFlagsFromString('--no-wasm-dynamic-tiering');
  const wasm = builtWasm();
  if (wasm) {
    setFlagsFromString('--experimental-wasm-compilation-hints');
    setFlagsFromString('--no-wasm-lazy-compilation');
  }
  const { loadJq } = await import('jq-wasm');
  // Compiled here, synchronously, while the command's request is in flight (the answer waits in
  // the socket): an asynchronous compile needs turns of the event loop between its steps, and
  // the CLI gives it none before the answer comes.
  return loadJq(wasm ? { wasmModule: new WebAssembly.Module(wasm) } : {});
}

/** dist/build/jq.wasm, with its hints, beside the bundle; undefined when run from source. */
function builtWasm(): Uint8Array<ArrayBuffer> | undefined {
  // In the bundle (dist/cli.cjs, run by bin/statusctl) __dirname is dist/.
  if (typeof __dirname !== 'string') return undefined;
  try {
    // A Buffer of its own (readFileSync allocates a fresh one, not a slice of a shared pool): a
    // copy would cost as much as the read.
    return readFileSync(join(__dirname, 'build', 'jq.wasm')) as Uint8Array<ArrayBuffer>;
  } catch {
    return undefined;
  }
}

/**
 * The outputs of `expression` on `value`, one per line: strings raw (as `gh --jq` and `jq -r`
 * print them), other values as JSON, indented when `pretty`. A bad expression is a usage error
 * with jq's own message.
 */
export function runJq(jq: Jq, value: unknown, expression: string, pretty: boolean): string[] {
  const result = jq.raw(value ?? null, expression, ['-c']);
  if (result.exitCode !== 0) {
    const message = (result.stderr.trim().split('\n')[0] || `exit ${result.exitCode}`).replace(/:$/, '');
    throw usageError(
      `--jq ${JSON.stringify(expression)}: ${message.replace(/^jq: (error: )?/, '')}`,
      'the filter is jq syntax: https://jqlang.org/manual/',
    );
  }
  return result.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const output: unknown = JSON.parse(line);
      if (typeof output === 'string') return output;
      return pretty ? JSON.stringify(output, null, 2) : line;
    });
}
