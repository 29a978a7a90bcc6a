// `<noun> delete` (or `remove`): a delete made from a resource's view, the same for every
// resource. Before any request, off a terminal, it needs --yes (exit 2 naming it); each id is
// read first, so what goes is shown and asked about once on a terminal (prompts/confirm.ts);
// --dry-run reads each as the real run does and prints the request instead. With several ids
// (`-`: from stdin) it prints one result line per id, for one id as for many (api/bulk.ts: the
// concurrency, the shared rate-limit waits, the exit code of the worst); a delete of one (an
// update of an incident) prints the record that went. A DELETE repeated after a lost answer
// finds nothing left; the client counts that as done.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Client } from '../../client/index.js';
import type { OperationInput } from '../../contract/operations.js';
import type { OperationId } from '../../contract/table.js';
import { DEFAULT_CONCURRENCY, type Done, nothingToDo, runBulk } from '../api/bulk.js';
import { valueKinds } from '../completion/value-kinds.js';
import { isNotFound } from '../errors/not-found.js';
import { streamIds } from '../input/read.js';
import { type ConfirmOptions, confirmDelete, requireYes, yesOption } from '../prompts/confirm.js';
import { examples } from '../runtime/command-kit.js';
import { Context } from '../runtime/context.js';
import type { Noun } from '../runtime/globals.js';
import { terminalLine } from '../output/terminal-text.js';
import type { ResourceView } from '../views/resource.js';
import { actionArguments, argumentKinds, type Verb, type VerbArgument } from './get.js';
import { type BulkWords, bulkOptions } from './write.js';

export interface DeleteOptions extends ConfirmOptions {
  /** Several ids only (the bulk options). */
  concurrency?: number;
  maxWait?: number;
}

/** The DELETE of one: its operation and input, as `client.call` takes them. */
export type DeleteRequest = { [Id in OperationId]: readonly [id: Id, input: OperationInput<Id>] }[OperationId];

/** What a delete knows once it has read what finding the ids needs (a page's subscriptions, an update's incident). */
export interface Deletion<T> {
  /** The one `given` names, read as it is now; `found` is told its whole id as soon as it is known. */
  find(given: string, found: (wholeId: string) => void): Promise<T>;
  /** What goes, in one line: the reason of its result line, or after `would delete` in a dry run of one. */
  describe(item: T): string;
  request(item: T): DeleteRequest;
  /**
   * What a terminal is shown before the question, when it is not `About to delete 2 incidents:`
   * and a line `ID  describe()` each (`unread`: the ids that could not be read, not deleted).
   */
  shown?(items: readonly T[], unread: readonly string[]): string[];
  /** The question, when it is not `Delete this incident?` (`Delete these 2 incidents?`). */
  question?(count: number): string;
}

export interface DeleteSpec<T> {
  /** The verb: `delete` unless said (`remove`); its outcome is `deleted` (`removed`), a dry run's `would-delete`. */
  readonly name?: 'delete' | 'remove';
  readonly description: string;
  readonly examples: string[];
  /** Arguments before the ids: what holds what goes (the page of subscribers, the incident of an update). */
  readonly parents?: readonly VerbArgument[];
  /** The help of `<id...>` (several ids, or `-`); without it the verb deletes the one the view's argument names. */
  readonly ids?: string;
  readonly words: BulkWords;
  /** What --yes is needed for, off a terminal: `incident ID`, `3 incidents` unless said. */
  what?(ids: readonly string[], parents: readonly string[]): string;
  /** Reads, once, what finding the ids needs, before any id is read. */
  open(ctx: Context, client: Client, parents: string[]): Promise<Deletion<T>>;
  /** A 404 to the DELETE of one that was just read: gone meanwhile, counted done (`(already gone)`). */
  readonly goneIsDone?: boolean;
  /** More fields of each JSON entry (`address`), and the same keys, null, for an id that failed. */
  fields?(item: T): Record<string, unknown>;
  readonly failed?: Record<string, null>;
  /** What -o json prints of a delete of one, when it is not the item read. */
  json?(item: T): unknown;
}

export function deleteVerb<T>(view: ResourceView<T>, spec: DeleteSpec<T>): Verb<[args: string[], options: DeleteOptions]> {
  const name = spec.name ?? 'delete';
  const noun = view.title.toLowerCase();
  const several = (count: number) => (count === 1 ? `1 ${noun}` : `${count} ${noun}s`);
  const what = spec.what ?? ((ids) => (ids.length === 1 ? `${noun} ${ids[0]}` : several(ids.length)));

  /** Shown and asked on a terminal without --yes, once, for what could be read. */
  const confirm = async (ctx: Context, options: DeleteOptions, deletion: Deletion<T>, items: T[], unread: string[]) => {
    if (options.yes || items.length === 0) return;
    const shown = deletion.shown?.(items, unread) ?? [
      `About to ${name} ${several(items.length)}:`,
      ...items.map((item) => `  ${view.id(item)}  ${deletion.describe(item)}`),
      ...(unread.length > 0 ? [`  (not deleted, cannot be read: ${unread.join(', ')})`] : []),
    ];
    const verb = `${name[0]!.toUpperCase()}${name.slice(1)}`;
    const question =
      deletion.question?.(items.length) ?? (items.length === 1 ? `${verb} this ${noun}?` : `${verb} these ${several(items.length)}?`);
    await confirmDelete(ctx, options, question, shown);
  };

  /** The DELETE of one read, and its result line. */
  const remove = async (client: Client, deletion: Deletion<T>, item: T): Promise<Done> => {
    const [id, input] = deletion.request(item) as [OperationId, never];
    const fields = spec.fields?.(item);
    try {
      const { status } = await client.call(id, input);
      return { outcome: `${name}d`, status, reason: deletion.describe(item), fields };
    } catch (error) {
      // Read a moment ago and gone now (another run's delete): done all the same.
      if (spec.goneIsDone && isNotFound(error))
        return { outcome: `${name}d`, status: 404, reason: `${deletion.describe(item)} (already gone)`, fields };
      throw error;
    }
  };

  /** One given: it is read (errors are the command's), then shown, asked and deleted; prints what went. */
  const runOne = async (ctx: Context, parents: string[], given: string, options: DeleteOptions): Promise<void> => {
    const client = await ctx.client();
    const deletion = await spec.open(ctx, client, parents);
    const item = await deletion.find(given, () => {});
    if (options.dryRun) {
      const { planRequest, printPlanned } = await import('../api/dry-run.js');
      ctx.info(terminalLine(`would ${name} ${deletion.describe(item)}`));
      const [id, input] = deletion.request(item) as [OperationId, never];
      return printPlanned(ctx, await planRequest(id, input));
    }
    await confirm(ctx, options, deletion, [item], []);
    await remove(client, deletion, item);
    if (ctx.json) return ctx.printJson(spec.json ? spec.json(item) : item);
    const { renderRecord } = await import('../views/resource.js');
    ctx.out(await renderRecord(ctx, view, item, `${name === 'delete' ? 'Deleted' : 'Removed'} ${noun}`));
  };

  /** `ids` a list, or a stream with --yes or --dry-run: nothing is asked, so each goes as soon as it is read. */
  const runMany = async (
    ctx: Context,
    parents: string[],
    ids: readonly string[] | AsyncIterable<string>,
    options: DeleteOptions,
  ): Promise<void> => {
    const client = await ctx.client(options.maxWait === undefined ? {} : { maxWaitMs: options.maxWait * 1000 });
    const deletion = await spec.open(ctx, client, parents);
    const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    if (options.dryRun) {
      // Each id read as the real run reads it: an unknown one fails here as it would there.
      const { planRequest, plannedOutcome, runPlannedBulk } = await import('../api/dry-run.js');
      return runPlannedBulk(ctx, ids, concurrency, async (given, found) => {
        const item = await deletion.find(given, found);
        found(view.id(item));
        const [id, input] = deletion.request(item) as [OperationId, never];
        return plannedOutcome(`would-${name}`, await planRequest(id, input), 200, deletion.describe(item));
      });
    }
    // On a terminal without --yes, what goes is read first, shown, and asked about once.
    const read = new Map<string, { item: T } | { error: unknown }>();
    if (!options.yes && Array.isArray(ids)) {
      for (const given of ids) {
        read.set(
          given,
          await deletion
            .find(given, () => {})
            .then(
              (item) => ({ item }),
              (error: unknown) => ({ error }),
            ),
        );
      }
      const items = [...read.values()].flatMap((entry) => ('item' in entry ? [entry.item] : []));
      await confirm(
        ctx,
        options,
        deletion,
        items,
        ids.filter((given) => 'error' in read.get(given)!),
      );
    }
    await runBulk(
      ctx,
      ids,
      concurrency,
      async (given, found) => {
        const before = read.get(given);
        if (before && 'error' in before) throw before.error;
        const item = before ? before.item : await deletion.find(given, found);
        found(view.id(item));
        return remove(client, deletion, item);
      },
      spec.failed,
      { noun },
    );
  };

  const run = async (ctx: Context, args: string[], options: DeleteOptions): Promise<void> => {
    const parents = args.slice(0, spec.parents?.length ?? 0);
    const given = args.slice(parents.length);
    if (!spec.ids) {
      requireYes(ctx, options, what(given, parents));
      return runOne(ctx, parents, given[0]!, options);
    }
    // Each id once: the same one twice would only fail the second time. Read as they come
    // (`-`: stdin); what is asked about, or refused without --yes, is known once all are read.
    const ids = await streamIds(ctx, given, { unique: true });
    if (!ids) return nothingToDo(ctx);
    if (options.yes || options.dryRun) return runMany(ctx, parents, ids, options);
    const all: string[] = [];
    for await (const id of ids) all.push(id);
    requireYes(ctx, options, what(all, parents));
    return runMany(ctx, parents, all, options);
  };

  const declare = (nouns: Noun): void => {
    const argument: VerbArgument = [view.argument.name, spec.ids ?? view.argument.help, view.argument.kind];
    let command = nouns.command(name).description(spec.description) as CommandUnknownOpts;
    for (const [parent, help] of spec.parents ?? []) command = command.argument(`<${parent}>`, help);
    command = command.argument(spec.ids ? `<${argument[0]}...>` : `<${argument[0]}>`, argument[1]).addOption(yesOption());
    command = spec.ids ? (bulkOptions(command, spec.words) as CommandUnknownOpts) : command.option('--dry-run', spec.words.dryRun);
    examples(
      command.action((...given: unknown[]) => {
        const { args, options, command: self } = actionArguments<DeleteOptions>(given);
        return run(Context.fromCommand(self), args.flat(), options);
      }),
      spec.examples,
    );
    const kinds = argumentKinds([...(spec.parents ?? []), argument]);
    if (Object.keys(kinds).length > 0) valueKinds(nouns, name, kinds);
  };
  return { declare, run };
}
