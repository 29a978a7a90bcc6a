// `runtimes list`: which runtimes checks can use, newest first, and when each goes away.
import { RUNTIME_STAGES } from '../../../contract/enums.js';
import type { Runtime } from '../../../contract/schemas.js';
import { choicesOption, examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { renderTable } from '../../output/cells.js';

export interface ListOptions {
  /** Repeatable, and commas alike: `--stage current --stage beta`, `--stage current,beta`. */
  stage?: Runtime['stage'][];
}

export function declare(runtimes: Noun): void {
  examples(
    runtimes
      .command('list')
      .description('List runtimes, newest first, with Node.js version, stage and end of life')
      .addOption(
        choicesOption('--stage <stage>', 'only runtimes in these stages (any case; repeat or separate with commas)', RUNTIME_STAGES),
      )
      .action((options, command) => run(Context.fromCommand(command), options)),
    [
      'statusctl runtimes list',
      'statusctl runtimes list --stage deprecated',
      'statusctl runtimes list --stage current,stable',
      'statusctl runtimes list -o json',
    ],
  );
}

export async function run(ctx: Context, options: ListOptions): Promise<void> {
  const stages = options.stage?.length ? new Set<string>(options.stage) : undefined;
  const client = await ctx.client();
  const all = await client.listRuntimes({});
  const runtimes = (stages ? all.filter((runtime) => stages.has(runtime.stage)) : [...all])
    // Names are YYYY.MM, so a string comparison orders them by date. Not localeCompare: its
    // first call sets up an ICU collator, a cost at the start of every call.
    .sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
  if (ctx.json) return ctx.printJson(runtimes);
  if (runtimes.length === 0) {
    // On stderr, as for the other lists: piped, stdout has rows only.
    ctx.info(stages ? `No runtimes in stage ${[...stages].join(' or ')}.` : 'No runtimes.');
    return;
  }
  await ctx.outPaged(await renderRuntimes(ctx, runtimes));
}

/** The runtimes as a table, in the order given. */
export function renderRuntimes(ctx: Context, runtimes: readonly Runtime[]): Promise<string> {
  const rows = runtimes.map((runtime) => [
    { text: runtime.name, paint: ctx.style.bold },
    runtime.nodeJsVersion,
    { text: runtime.stage, paint: stagePaint(ctx, runtime.stage) },
    isoDate(runtime.runtimeEndOfLife),
    runtime.multiStepSupport ? 'yes' : 'no',
    runtime.description,
  ]);
  return renderTable(ctx, [{ header: 'runtime', id: true }, 'node.js', 'stage', 'end of life', 'multi-step', 'description'], rows);
}

/** The API writes end of life as MM/DD/YYYY; people everywhere read YYYY-MM-DD (other forms are shown as received). */
export function isoDate(value: string): string {
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return us ? `${us[3]}-${us[1]}-${us[2]}` : value;
}

function stagePaint(ctx: Context, stage: Runtime['stage'] | string): ((text: string) => string) | undefined {
  const s = ctx.style;
  switch (stage) {
    case 'CURRENT':
      return s.green.bold;
    case 'STABLE':
      return s.green;
    case 'BETA':
    case 'ALPHA':
      return s.cyan;
    case 'DEPRECATED':
      return s.yellow;
    case 'REMOVED':
      return s.red;
    default:
      return undefined;
  }
}
