// rca request / rca get: ask for a root cause analysis of an error group and wait for it. The
// API answers 202 PENDING until the analysis is ready, so waiting is polling with backoff.
import { InvalidArgumentError } from '@commander-js/extra-typings';
import type { Client } from '../../client/index.js';
import type { RootCauseAnalysis } from '../../contract/schemas.js';
import { examples, positiveNumber } from '../command-kit.js';
import { Context } from '../context.js';
import { CliError, ExitCode } from '../exit-codes.js';
import type { Program } from '../globals.js';
import { analysisNotFound } from '../short-ids.js';

const MAX_CONTEXT = 256;
const DEFAULT_WAIT_SECONDS = 120;
const FIRST_POLL_MS = 250;
const MAX_POLL_MS = 5000;

interface RequestOptions {
  context?: string;
  dryRun?: boolean;
  wait?: boolean;
  waitTimeout: number;
}

interface GetOptions {
  wait?: boolean;
  waitTimeout: number;
}

function userContext(value: string): string {
  if (value.length > MAX_CONTEXT) {
    throw new InvalidArgumentError(`at most ${MAX_CONTEXT} characters (got ${value.length})`);
  }
  return value;
}

export function register(program: Program): void {
  const rca = program.command('rca').description('Root cause analyses of error groups');
  examples(rca, [
    'statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1 --wait',
    'ID=$(statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1) && statusctl rca get "$ID"',
  ]);

  examples(
    rca
      .command('request')
      .description('Ask for a root cause analysis of an error group; prints the analysis id, or the analysis with --wait')
      .argument('<error-group>', 'id of the error group (a UUID)')
      .option('--context <text>', `what you know that helps the analysis (at most ${MAX_CONTEXT} characters)`, userContext)
      .option('--wait', 'wait for the analysis (progress on stderr) and print it')
      .option('--wait-timeout <seconds>', 'with --wait: give up after this long (exit 1)', positiveNumber, DEFAULT_WAIT_SECONDS)
      .option('--dry-run', 'print the request (method, path, JSON body; null when none is sent) instead of sending it')
      .action((errorGroupId, options, command) => runRequest(Context.fromCommand(command), errorGroupId, options)),
    [
      'statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1',
      'statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1 --context "started after the 14:00 deploy" --wait',
      'statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1 --wait --wait-timeout 300 -o json',
      'ID=$(statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1) && statusctl rca get "$ID" --wait',
      'statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1 --context "after the deploy" --dry-run -o json',
    ],
  );

  examples(
    rca
      .command('get')
      .description('Show an analysis, or that it is still pending (exit 0 either way)')
      .argument(
        '<id>',
        'id of the analysis, whole, as printed by rca request (the API lists no analyses, so a short id cannot be looked up)',
      )
      .option('--wait', 'wait until the analysis is ready (progress on stderr)')
      .option('--wait-timeout <seconds>', 'with --wait: give up after this long (exit 1)', positiveNumber, DEFAULT_WAIT_SECONDS)
      .action((id, options, command) => runGet(Context.fromCommand(command), id, options)),
    [
      'ID=$(statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1) && statusctl rca get "$ID"',
      'statusctl rca get "$(statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1)" --wait',
      'statusctl rca get "$(statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1)" -o json',
    ],
  );
}

async function runRequest(ctx: Context, errorGroupId: string, options: RequestOptions): Promise<void> {
  const input = {
    params: { testSessionErrorGroupId: errorGroupId },
    ...(options.context !== undefined ? { body: { userContext: options.context } } : {}),
  };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../dry-run.js');
    return printPlanned(ctx, await planRequest('requestRootCauseAnalysis', input));
  }
  const client = await ctx.client();
  const accepted = await client.requestRootCauseAnalysis(input);
  if (!options.wait) {
    // The id alone on stdout, so `ID=$(statusctl rca request G)` works; the hint goes to stderr.
    if (ctx.json) await ctx.printJson(accepted);
    else {
      ctx.out(accepted.id);
      ctx.info(`Analysis requested; follow it with: statusctl rca get ${accepted.id} --wait`);
    }
    return;
  }
  ctx.info(`Analysis ${accepted.id} requested for error group ${errorGroupId}`);
  await printAnalysis(ctx, await waitForAnalysis(ctx, client, accepted.id, options.waitTimeout));
}

async function runGet(ctx: Context, id: string, options: GetOptions): Promise<void> {
  try {
    await showAnalysis(ctx, id, options);
  } catch (error) {
    throw analysisNotFound(error, id);
  }
}

async function showAnalysis(ctx: Context, id: string, options: GetOptions): Promise<void> {
  const client = await ctx.client();
  if (options.wait) {
    await printAnalysis(ctx, await waitForAnalysis(ctx, client, id, options.waitTimeout));
    return;
  }
  const { body } = await client.call('getRootCauseAnalysis', { params: { id } });
  if (body.status === 'PENDING') {
    if (ctx.json) await ctx.printJson(body);
    else ctx.out(`Analysis ${id} is still pending; wait for it with: statusctl rca get ${id} --wait`);
    return;
  }
  await printAnalysis(ctx, body);
}

async function printAnalysis(ctx: Context, rca: RootCauseAnalysis): Promise<void> {
  if (ctx.json) return ctx.printJson(rca);
  const { renderAnalysis } = await import('../render/analysis.js');
  ctx.out(renderAnalysis(ctx, rca));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls until the analysis is COMPLETED. The delay doubles from 250 ms up to 5 s: a quick
 * provider answers within a second, a slow one is not hammered. Gives up after `timeoutSeconds`
 * with exit 1 and a message saying how to continue.
 */
export async function waitForAnalysis(ctx: Context, client: Client, id: string, timeoutSeconds: number): Promise<RootCauseAnalysis> {
  const started = ctx.now();
  const deadline = started + timeoutSeconds * 1000;
  const { startProgress } = await import('../output/progress.js');
  const progress = await startProgress(ctx, `Waiting for analysis ${id}…`);
  // Ctrl-C ends the wait, not the analysis: exit 130 with the way back to it.
  let interrupt: (error: CliError) => void = () => {};
  const interrupted = new Promise<never>((_, reject) => (interrupt = reject));
  interrupted.catch(() => {});
  const onSigint = () =>
    interrupt(
      new CliError(
        ExitCode.interrupted,
        `interrupted while waiting for analysis ${id}; the analysis goes on on the server`,
        undefined,
        `continue with: statusctl rca get ${id} --wait`,
      ),
    );
  process.once('SIGINT', onSigint);
  let delay = FIRST_POLL_MS;
  try {
    for (;;) {
      const { status, body } = await Promise.race([client.call('getRootCauseAnalysis', { params: { id } }), interrupted]);
      // 200 is the documented signal; the body's status is checked too, liberal in what we accept.
      if (status !== 202 && body.status !== 'PENDING') {
        progress.stop(`Analysis ${id} completed after ${seconds(ctx.now() - started)}`);
        return body as RootCauseAnalysis;
      }
      const remaining = deadline - ctx.now();
      if (remaining <= 0) {
        throw new CliError(
          ExitCode.failure,
          `analysis ${id} is still pending after ${seconds(ctx.now() - started)}; continue waiting with: statusctl rca get ${id} --wait`,
        );
      }
      progress.update(`Waiting for analysis ${id}… (${seconds(ctx.now() - started)}, still pending)`);
      await Promise.race([sleep(Math.min(delay, remaining)), interrupted]);
      delay = Math.min(delay * 2, MAX_POLL_MS);
    }
  } catch (error) {
    progress.stop();
    throw error;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1000)}s`;
}
