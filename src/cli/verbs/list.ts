// `<noun> list`: a resource's list, made from its view. The spec reads it (one request, or by
// cursor with --limit, --next-id and --all, said once here); the verb prints the API's answer with
// -o json (and --jq), else the view's table through the pager, or a line on stderr when there is
// none (piped, stdout has rows only). Reading several pages says so on a terminal ("fetching page
// 2..."); when there is more, a `more:` line on stderr says how to go on.
import type { Command, CommandUnknownOpts, OptionValues } from '@commander-js/extra-typings';
import type { PagingOptions } from '../api/paging.js';
import { type ValueKind, valueKinds } from '../completion/value-kinds.js';
import { examples, positiveInt } from '../runtime/command-kit.js';
import { Context } from '../runtime/context.js';
import type { Noun } from '../runtime/globals.js';
import { renderList, type ResourceView } from '../views/resource.js';
import { actionArguments, argumentKinds, type Verb, type VerbArgument } from './get.js';

/** What a list read: what -o json prints, the entries shown, and what to say. */
export interface Listed<T> {
  readonly json: unknown;
  readonly entries: readonly T[];
  /** Said on stderr when there are no entries: `No services.` */
  readonly none: string;
  /** How to read on, when there is more: `--next-id abc (or --all for every page)`. */
  readonly more?: string | undefined;
}

export interface ListSpec<T, O> {
  /** The verb's name, when it is not `list` (`checks results`). */
  readonly name?: string;
  readonly description: string;
  readonly examples: string[];
  /** Positional arguments: what holds the list (the incident whose updates are listed). */
  readonly arguments?: readonly VerbArgument[];
  /** Cursor paging: the help of --limit, and its largest value (100, the API's largest page, unless said). */
  readonly paging?: { readonly limit: string; readonly max?: number; readonly after?: boolean };
  /** The verb's own options (before the paging options, or after them with `paging.after`). */
  options?(command: CommandUnknownOpts): CommandUnknownOpts;
  /** What the values of options name, for completion (`{ '--status-page': 'status-page' }`). */
  readonly kinds?: Readonly<Record<string, ValueKind>>;
  /** Reads the list; `onPage` tells of each page after the first. */
  fetch(ctx: Context, options: O, args: string[], onPage: (page: number) => void): Promise<Listed<T>>;
  /** For people, when it is more than the view's table (status pages in Markdown). */
  render?(ctx: Context, entries: readonly T[], options: O): Promise<string>;
}

/** --limit, --next-id and --all: the cursor of a list the API pages by cursor. */
export function pagingOptions<Args extends unknown[], Opts extends OptionValues, Globals extends OptionValues>(
  command: Command<Args, Opts, Globals>,
  limit: string,
  max = 100,
) {
  return command
    .option('-L, --limit <n>', limit, positiveInt(1, max))
    .option('--next-id <cursor>', "start at this cursor (a previous page's nextId)")
    .option('--all', 'follow the cursor to the last page');
}

/** The `more:` of a list read by cursor, when there is a next page. */
export function cursorMore(nextId: string | null | undefined): string | undefined {
  return nextId ? `--next-id ${nextId} (or --all for every page)` : undefined;
}

export function listVerb<T, O = PagingOptions>(view: ResourceView<T>, spec: ListSpec<T, O>): Verb<[options: O, args: string[]]> {
  const run = async (ctx: Context, options: O, args: string[]): Promise<void> => {
    const listed = await spec.fetch(ctx, options, args, (page) => {
      if (ctx.showProgress) ctx.info(`fetching page ${page}...`);
    });
    if (ctx.json) await ctx.printJson(listed.json);
    else if (listed.entries.length === 0) ctx.info(listed.none);
    else await ctx.outPaged(await (spec.render ? spec.render(ctx, listed.entries, options) : renderList(ctx, view, listed.entries)));
    if (listed.more) ctx.info(`more: ${listed.more}`);
  };
  const declare = (noun: Noun): void => {
    const name = spec.name ?? 'list';
    let command = noun.command(name) as CommandUnknownOpts;
    for (const [name, help] of spec.arguments ?? []) command = command.argument(`<${name}>`, help);
    command = command.description(spec.description);
    const paging = (declared: CommandUnknownOpts) =>
      spec.paging ? (pagingOptions(declared, spec.paging.limit, spec.paging.max) as CommandUnknownOpts) : declared;
    const own = (declared: CommandUnknownOpts) => (spec.options ? spec.options(declared) : declared);
    command = spec.paging?.after ? paging(own(command)) : own(paging(command));
    examples(
      command.action((...given: unknown[]) => {
        const { args, options, command: self } = actionArguments<O>(given);
        return run(Context.fromCommand(self), options, args);
      }),
      spec.examples,
    );
    const kinds = { ...spec.kinds, ...argumentKinds(spec.arguments ?? []) };
    if (Object.keys(kinds).length > 0) valueKinds(noun, name, kinds);
  };
  return { declare, run };
}
