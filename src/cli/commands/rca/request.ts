// `rca request`: ask for a root cause analysis of an error group. Prints the analysis id, or with
// --wait polls for the analysis as `rca get --wait` does and prints it with get's renderer.
import { InvalidArgumentError } from '@commander-js/extra-typings';
import { examples, positiveNumber } from '../../command-kit.js';
import { Context } from '../../context.js';
import type { Noun } from '../../globals.js';
import { DEFAULT_WAIT_SECONDS, printAnalysis, waitForAnalysis } from './get.js';

const MAX_CONTEXT = 256;

export interface RequestOptions {
  context?: string;
  dryRun?: boolean;
  wait?: boolean;
  waitTimeout: number;
}

function userContext(value: string): string {
  if (value.length > MAX_CONTEXT) {
    throw new InvalidArgumentError(`at most ${MAX_CONTEXT} characters (got ${value.length})`);
  }
  return value;
}

export function declare(rca: Noun): void {
  examples(
    rca
      .command('request')
      .description('Ask for a root cause analysis of an error group; prints the analysis id, or the analysis with --wait')
      .argument('<error-group>', 'id of the error group (a UUID)')
      .option('--context <text>', `what you know that helps the analysis (at most ${MAX_CONTEXT} characters)`, userContext)
      .option('--wait', 'wait for the analysis (progress on stderr) and print it')
      .option('--wait-timeout <seconds>', 'with --wait: give up after this long (exit 1)', positiveNumber, DEFAULT_WAIT_SECONDS)
      .option('--dry-run', 'print the request (method, path, JSON body; null when none is sent) instead of sending it')
      .action((errorGroupId, options, command) => run(Context.fromCommand(command), errorGroupId, options)),
    [
      'statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1',
      'statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1 --context "started after the 14:00 deploy" --wait',
      'statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1 --wait --wait-timeout 300 -o json',
      'ID=$(statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1) && statusctl rca get "$ID" --wait',
      'statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1 --context "after the deploy" --dry-run -o json',
    ],
  );
}

export async function run(ctx: Context, errorGroupId: string, options: RequestOptions): Promise<void> {
  const input = {
    params: { testSessionErrorGroupId: errorGroupId },
    ...(options.context !== undefined ? { body: { userContext: options.context } } : {}),
  };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../../dry-run.js');
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
