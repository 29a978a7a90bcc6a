// --jq EXPR: a real jq (jq 1.8 compiled to WebAssembly, the jq-wasm package: the same language
// and messages as the jq people know, no native build, nothing to install) over what a command
// prints as JSON. Loaded only when --jq is given, and started as soon as the command starts, so
// compiling the WebAssembly overlaps the request instead of following it.
import { type Jq, loadJq } from 'jq-wasm';
import { CliError, ExitCode, usageError } from '../errors/exit-codes.js';
import { jsonEscaped, terminalText } from './terminal-text.js';

export function loadJqEngine(): Promise<Jq> {
  return loadJq();
}

/**
 * The outputs of `expression` on `value`, one per line: strings raw (as `gh --jq` and `jq -r`
 * print them), other values as JSON, indented when `pretty`. A bad expression is a usage error
 * with jq's own message; a value jq cannot read (not strict JSON) is a failure of the answer (exit 1).
 */
export function runJq(jq: Jq, value: unknown, expression: string, pretty: boolean): string[] {
  const result = jq.raw(value ?? null, expression, ['-c']);
  if (result.exitCode !== 0) {
    const message = (result.stderr.trim().split('\n')[0] || `exit ${result.exitCode}`).replace(/:$/, '');
    // jq could not read its input: the answer is at fault (a lone UTF-16 surrogate escape), not the filter.
    if (message.startsWith('jq: parse error')) {
      throw new CliError(
        ExitCode.failure,
        `--jq: the answer is not valid JSON (${message.replace(/^jq: parse error: /, '')}), so no filter can run on it`,
        undefined,
        'print it without --jq (-o json) to see it as received',
      );
    }
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
      // A string is printed raw, as jq -r prints it, for the program reading a pipe; on a
      // terminal it is shown under the terminal rule, as every other value is (terminal-text.ts).
      if (typeof output === 'string') return pretty ? terminalText(output) : output;
      // JSON keeps nothing that steers a terminal (terminal-text.ts).
      return jsonEscaped(pretty ? JSON.stringify(output, null, 2) : line);
    });
}
