// statusctl server: the bundled reference server (docs/api-rules.md#starting-the-reference-server). The server code is
// imported only when this command runs, so no other command pays for loading it.
import { DEFAULT_HOST, DEFAULT_PORT } from '../../contract/rules.js';
import { choiceOption, durationMs, examples, positiveInt } from '../runtime/command-kit.js';
import { InvalidArgumentError } from '@commander-js/extra-typings';
import { CliError, ExitCode, usageError } from '../errors/exit-codes.js';
import type { Program } from '../runtime/globals.js';

const LOG_FORMATS = ['text', 'json'] as const;

export interface ServerCommandOptions {
  host: string;
  port: number;
  account?: string[];
  fixtures?: string;
  rcaDelay?: number;
  runDelay?: number;
  rateLimit?: number;
  data?: string;
  headersTimeout?: number;
  bodyTimeout?: number;
  idleTimeout?: number;
  maxConnections?: number;
  maxStreams?: number;
  maxStreamsPerPage?: number;
  quiet?: boolean;
  logFormat?: 'text' | 'json';
  testClock?: string | true;
}

export function register(program: Program): void {
  examples(
    program
      .command('server')
      .description('Run the reference server: the whole API in memory, with demo data')
      .option('--host <host>', 'address to listen on', DEFAULT_HOST)
      .option('--port <port>', 'port to listen on; 0 picks a free one', positiveInt(0, 65535), DEFAULT_PORT)
      .option(
        '--account <id:key>',
        'an account (its id a UUID) and its API key (repeatable); none: the demo account with a generated key',
        collectAccount,
      )
      .option('--fixtures <file>', 'JSON fixture file replacing the demo data')
      .option('--rca-delay <ms>', 'how long an analysis stays PENDING', positiveInt(0))
      .option('--run-delay <ms>', "how long a check session's check takes to run (default 500)", positiveInt(0))
      .option('--rate-limit <n>', 'requests per second per key before 429', positiveInt(1))
      .option('--data <file>', 'keep the data in FILE across restarts (journal, synced before each answer)')
      .option(
        '--headers-timeout <time>',
        "a request's headers must arrive within TIME of its first byte, else 408 (default 10s)",
        durationMs(),
      )
      .option('--body-timeout <time>', 'a body must arrive within TIME of its headers, else 408 (default 30s)', durationMs())
      .option('--idle-timeout <time>', 'close a kept-alive connection idle for TIME, at least 1s (default 5s)', durationMs(1000))
      .option(
        '--max-connections <n>',
        'open API connections at most; past it a newcomer replaces one still waiting for its headers, else the oldest live stream, or is refused (default 512)',
        positiveInt(1),
      )
      .option(
        '--max-streams <n>',
        'open live status-page streams at most, outside --max-connections; past it 503 (default 256)',
        positiveInt(1),
      )
      .option('--max-streams-per-page <n>', 'open live streams of one status page at most; past it 503 (default 64)', positiveInt(1))
      .option(
        '--test-clock [iso]',
        "the server's time stands at ISO (default now) and moves only forward, by POST /_reference/clock",
        testInstant,
      )
      .option('--quiet', 'no access log (one line per request); errors are still logged')
      .addOption(
        choiceOption(
          '--log-format <format>',
          'access log lines on stderr: text (default), or json (one object per line, for log shippers)',
          LOG_FORMATS,
          (value) => value.toLowerCase(),
        ),
      )
      .action((options: ServerCommandOptions) => run(options)),
    [
      'statusctl server',
      'statusctl server --port 0 --account 00000000-0000-4000-8000-00000000d3e0:sc_local_0123456789abcdef',
      'statusctl server --account 11111111-1111-4111-8111-111111111111:key-a-123456 --account 22222222-2222-4222-8222-222222222222:key-b-123456 --rca-delay 2000',
      'statusctl server --fixtures ./fixtures.json --rate-limit 20',
      'statusctl server --data ./statusctl-data.jsonl --account 00000000-0000-4000-8000-00000000d3e0:sc_local_0123456789abcdef',
      'statusctl server --quiet --rate-limit 100',
      'statusctl server --log-format json 2>> access.jsonl',
      'statusctl server --headers-timeout 2s --body-timeout 5s --idle-timeout 1s --max-connections 200',
      'statusctl server --max-streams 100 --max-streams-per-page 20',
      'statusctl server --test-clock 2026-03-01T09:00:00Z',
    ],
  );
}

/**
 * Starts the server and runs until it is stopped. No Context: the server prints its own lines
 * and reads no profile, so the output options of other commands do not apply.
 */
export async function run(options: ServerCommandOptions): Promise<void> {
  const { runServer, parseAccountSpec } = await import('../../server/run.js');
  const accounts = (options.account ?? []).map((spec) => {
    try {
      return parseAccountSpec(spec);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw usageError(`option '--account <id:key>' argument '${spec.replace(/:.*/, ':****')}' is invalid: ${reason}`);
    }
  });
  try {
    await runServer({
      host: options.host,
      port: options.port,
      ...(accounts.length ? { accounts } : {}),
      ...(options.fixtures !== undefined ? { fixturesPath: options.fixtures } : {}),
      ...(options.rcaDelay !== undefined ? { rcaDelayMs: options.rcaDelay } : {}),
      ...(options.runDelay !== undefined ? { runDelayMs: options.runDelay } : {}),
      ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
      ...(options.data !== undefined ? { dataPath: options.data } : {}),
      ...(options.headersTimeout !== undefined ? { headersTimeoutMs: options.headersTimeout } : {}),
      ...(options.bodyTimeout !== undefined ? { bodyTimeoutMs: options.bodyTimeout } : {}),
      ...(options.idleTimeout !== undefined ? { idleTimeoutMs: options.idleTimeout } : {}),
      ...(options.maxConnections !== undefined ? { maxConnections: options.maxConnections } : {}),
      ...(options.maxStreams !== undefined ? { maxStreams: options.maxStreams } : {}),
      ...(options.maxStreamsPerPage !== undefined ? { maxStreamsPerPage: options.maxStreamsPerPage } : {}),
      ...(options.testClock !== undefined ? { testClock: options.testClock } : {}),
      accessLog: options.quiet ? 'off' : (options.logFormat ?? 'text'),
    });
  } catch (error) {
    throw startupFailure(error, options);
  }
}

/** An instant with its offset, as the API's date-times are written. */
function testInstant(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(value) || Number.isNaN(Date.parse(value)))
    throw new InvalidArgumentError('expected a date-time with its offset, such as 2026-03-01T09:00:00Z');
  return value;
}

/** Repeatable, never split on commas (a key may hold one); the server's parser checks each. */
function collectAccount(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/**
 * A bad fixture file is bad input (exit 2, its message names the file and the first bad
 * field); a port in use is a plain failure with a hint, not an "unexpected error".
 */
function startupFailure(error: unknown, options: ServerCommandOptions): unknown {
  if (!(error instanceof Error)) return error;
  if (error.name === 'FixtureError') return usageError(`option '--fixtures': ${error.message}`);
  // A damaged data file or one in use by another server: the message says which and what to do.
  if (error.name === 'DataFileError' || error.name === 'DataFileLockedError') {
    return new CliError(ExitCode.failure, error.message, undefined, (error as { hint?: string }).hint);
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    return new CliError(
      ExitCode.failure,
      `cannot listen on ${options.host}:${options.port}: the port is in use (try --port 0 for a free one)`,
    );
  }
  if (code === 'EADDRNOTAVAIL' || code === 'EACCES') {
    return new CliError(ExitCode.failure, `cannot listen on ${options.host}:${options.port}: ${error.message}`);
  }
  return error;
}
