// runtimes list: which runtimes checks can use, newest first, and when each goes away.
import type { Command } from 'commander';
import { RUNTIME_STAGES } from '../../contract/enums.js';
import type { Runtime } from '../../contract/schemas.js';
import { action, examples } from '../command-kit.js';
import type { Context } from '../context.js';
import { usageError } from '../exit-codes.js';
import { renderTable } from '../output.js';

interface ListOptions {
  stage?: string;
}

export function register(program: Command): void {
  const runtimes = program.command('runtimes').description('Runtimes available to checks');
  examples(runtimes, ['statusctl runtimes list', 'statusctl runtimes list --stage current']);

  examples(
    runtimes
      .command('list')
      .description('List runtimes, newest first, with Node.js version, stage and end of life')
      .option('--stage <stage>', 'only this stage: ALPHA, BETA, CURRENT, DEPRECATED, REMOVED or STABLE (any case)')
      .action(action<ListOptions>(runList)),
    ['statusctl runtimes list', 'statusctl runtimes list --stage deprecated', 'statusctl runtimes list -o json'],
  );
}

async function runList(ctx: Context, _args: string[], options: ListOptions): Promise<void> {
  const stage = options.stage?.toUpperCase();
  if (stage !== undefined && !(RUNTIME_STAGES as readonly string[]).includes(stage)) {
    throw usageError(`option '--stage <stage>' argument '${options.stage}' is invalid: expected one of ${RUNTIME_STAGES.join(', ')}`);
  }
  const client = await ctx.client();
  const all = await client.listRuntimes({});
  const runtimes = (stage ? all.filter((runtime) => runtime.stage === stage) : [...all])
    // Names are YYYY.MM, so a string comparison orders them by date. Not localeCompare: its
    // first call sets up an ICU collator, about 10 ms of the command's start.
    .sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
  if (ctx.json) return ctx.printJson(runtimes);
  if (runtimes.length === 0) {
    ctx.out(stage ? `No runtimes in stage ${stage}.` : 'No runtimes.');
    return;
  }
  const rows = runtimes.map((runtime) => [
    ctx.style.bold(runtime.name),
    runtime.nodeJsVersion,
    stageText(ctx, runtime.stage),
    runtime.runtimeEndOfLife,
    runtime.multiStepSupport ? 'yes' : 'no',
    runtime.description,
  ]);
  ctx.out(await renderTable(ctx, ['Runtime', 'Node.js', 'Stage', 'End of life', 'Multi-step', 'Description'], rows));
}

function stageText(ctx: Context, stage: Runtime['stage'] | string): string {
  const s = ctx.style;
  switch (stage) {
    case 'CURRENT':
      return s.green.bold(stage);
    case 'STABLE':
      return s.green(stage);
    case 'BETA':
    case 'ALPHA':
      return s.cyan(stage);
    case 'DEPRECATED':
      return s.yellow(stage);
    case 'REMOVED':
      return s.red(stage);
    default:
      return stage;
  }
}
