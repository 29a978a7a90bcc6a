// Verbs that write one resource per id, for one id as for many (`-`: ids from stdin): the options
// they share (--dry-run, --concurrency, --max-wait, said once here), and a verb made from a
// resource's view and what the write sends. Each id gets one result line (src/cli/api/bulk.ts);
// a dry run reads each id as the real run would and prints the request instead of sending it;
// one id changed on a terminal is shown after its line, as `get` shows it.
import type { Command, CommandUnknownOpts, OptionValues } from '@commander-js/extra-typings';
import type { Client } from '../../client/index.js';
import { DEFAULT_CONCURRENCY, DEFAULT_MAX_WAIT_S, type Done, nothingToDo, runBulk } from '../api/bulk.js';
import { streamIds } from '../input/read.js';
import { examples, positiveInt } from '../runtime/command-kit.js';
import { Context } from '../runtime/context.js';
import type { Noun } from '../runtime/globals.js';
import { valueKinds } from '../completion/value-kinds.js';
import type { ResourceView } from '../views/resource.js';
import { actionArguments, type Verb } from './get.js';

/** The options every bulk write has. */
export interface BulkOptions {
  dryRun?: boolean;
  concurrency: number;
  maxWait: number;
}

/** How a verb's help names what it writes: `several ids`, `that id fails`. */
export interface BulkWords {
  /** What --dry-run does (what it reads, what it prints). */
  readonly dryRun: string;
  /** `ids`, `groups`, `subscribers`. */
  readonly several?: string;
  /** `that id`, `that group`, `that one`. */
  readonly one?: string;
}

/** --dry-run, --concurrency and --max-wait, in that order. */
export function bulkOptions<Args extends unknown[], Opts extends OptionValues, Globals extends OptionValues>(
  command: Command<Args, Opts, Globals>,
  words: BulkWords,
) {
  return command
    .option('--dry-run', words.dryRun)
    .option(
      '--concurrency <n>',
      `requests at a time with several ${words.several ?? 'ids'}, 1 to 16`,
      positiveInt(1, 16),
      DEFAULT_CONCURRENCY,
    )
    .option(
      '--max-wait <seconds>',
      `how long a 429 is waited out before ${words.one ?? 'that id'} fails`,
      positiveInt(0, 86_400),
      DEFAULT_MAX_WAIT_S,
    );
}

export interface BulkWriteSpec<T, O extends BulkOptions> {
  readonly name: string;
  readonly description: string;
  readonly examples: string[];
  /** The help of the `<id...>` argument. */
  readonly ids: string;
  readonly words: BulkWords;
  /** The verb's own options, declared after the shared ones. */
  options?(command: CommandUnknownOpts): CommandUnknownOpts;
  /** The JSON fields of an id that failed (each key of a success's fields, null). */
  readonly failed: Record<string, null>;
  /**
   * A dry run of one id: checked as the real run would find it, the request planned (api/dry-run.ts).
   * `found` is told the whole id a prefix stands for, which its line then shows.
   */
  plan(reader: Client, id: string, options: O, found: (wholeId: string) => void): Promise<Done>;
  /** The write of one id; `item` is the resource as the API answered, shown on a terminal after one id. `found` as for plan. */
  write(client: Client, id: string, options: O, found: (wholeId: string) => void): Promise<Done & { item: T }>;
  /** The record shown after one id, when it is not the view's. */
  detail?(ctx: Context, item: T, options: O): Promise<string>;
}

export function bulkWriteVerb<T, O extends BulkOptions>(
  view: ResourceView<T>,
  spec: BulkWriteSpec<T, O>,
): Verb<[ids: string[], options: O]> {
  const run = async (ctx: Context, args: string[], options: O): Promise<void> => {
    // Read as they come (`-`: stdin), each id written as soon as it is read.
    const ids = await streamIds(ctx, args);
    if (!ids) return nothingToDo(ctx);
    if (options.dryRun) {
      const { runPlannedBulk } = await import('../api/dry-run.js');
      const reader = await ctx.client({ maxWaitMs: options.maxWait * 1000 });
      return runPlannedBulk(ctx, ids, options.concurrency, (id, found) => spec.plan(reader, id, options, found));
    }
    const client = await ctx.client({ maxWaitMs: options.maxWait * 1000 });
    // One row per id whatever their number, so a script reads one shape; a person at a terminal
    // who changed one reads one sentence and then the record (how many there were is known once they are read).
    const showDetail = !ctx.json && Boolean(ctx.io.stdout.isTTY);
    const items: T[] = [];
    const count = await runBulk(
      ctx,
      ids,
      options.concurrency,
      async (id, found) => {
        const { item, ...done } = await spec.write(client, id, options, found);
        if (showDetail && items.length < 2) items.push(item);
        return done;
      },
      spec.failed,
      { noun: view.title.toLowerCase() },
    );
    const changed = count === 1 && items.length === 1 ? { item: items[0]! } : undefined;
    if (changed) {
      const { renderRecord } = await import('../views/resource.js');
      ctx.out(await (spec.detail ? spec.detail(ctx, changed.item, options) : renderRecord(ctx, view, changed.item)));
    }
  };
  const declare = (noun: Noun): void => {
    const command = bulkOptions(noun.command(spec.name).description(spec.description).argument('<id...>', spec.ids), spec.words);
    const declared = (spec.options ? spec.options(command as CommandUnknownOpts) : command) as CommandUnknownOpts;
    examples(
      declared.action((...given: unknown[]) => {
        const { args, options, command: self } = actionArguments<O>(given);
        return run(Context.fromCommand(self), args[0] as unknown as string[], options);
      }),
      spec.examples,
    );
    if (view.argument.kind) valueKinds(noun, spec.name, { id: view.argument.kind });
  };
  return { declare, run };
}
