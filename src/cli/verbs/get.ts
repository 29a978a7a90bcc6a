// `<noun> get <id>`: one of a resource, made from its view. The verb reads it (the spec says
// how: by id, by name among the list), prints the API's answer with -o json (and --jq), else the
// view's record through the pager.
import { type ValueKind, valueKinds } from '../completion/value-kinds.js';
import { examples } from '../runtime/command-kit.js';
import { Context } from '../runtime/context.js';
import type { Noun } from '../runtime/globals.js';
import { renderRecord, type ResourceView } from '../views/resource.js';

/** A positional argument besides the one naming the resource (the incident of an update): name, help, completion kind. */
export type VerbArgument = readonly [name: string, help: string, kind?: ValueKind];

export interface GetSpec<T> {
  /** The verb's name, when it is not `get` (`checks result`). */
  readonly name?: string;
  readonly description: string;
  readonly examples: string[];
  /** Arguments before the one naming the resource: what holds it (`<incident>` of `<update>`). */
  readonly parents?: readonly VerbArgument[];
  /** The one the argument names, read from the API; `parents`, the values of the arguments before it. */
  fetch(ctx: Context, given: string, parents: string[]): Promise<T>;
  /** For people, when it is more than the view's record (a runtime's packages after its fields). */
  render?(ctx: Context, item: T, parents: string[]): Promise<string>;
  /** What -o json prints, when it is not the item read (an update without the incident the view adds). */
  json?(item: T): unknown;
  /** Through the pager (the default), or straight out. */
  readonly paged?: boolean;
}

/** The verb's declaration and run function, as a verb module exports them. */
export interface Verb<Args extends unknown[]> {
  declare(noun: Noun): void;
  run(ctx: Context, ...args: Args): Promise<void>;
}

/** What commander gives an action: the arguments' values, then the options and the command. */
export function actionArguments<O>(given: unknown[]): { args: string[]; options: O; command: Noun } {
  const [options, command] = given.slice(-2) as [O, Noun];
  return { args: given.slice(0, -2) as string[], options, command };
}

/** The kinds completion offers for the arguments of `declared` that have one. */
export function argumentKinds(declared: readonly VerbArgument[]): Record<string, ValueKind> {
  return Object.fromEntries(declared.flatMap(([name, , kind]) => (kind ? [[name, kind]] : [])));
}

export function getVerb<T>(view: ResourceView<T>, spec: GetSpec<T>): Verb<string[]> {
  const run = async (ctx: Context, ...args: string[]): Promise<void> => {
    const parents = args.slice(0, -1);
    const item = await spec.fetch(ctx, args.at(-1)!, parents);
    if (ctx.json) return ctx.printJson(spec.json ? spec.json(item) : item);
    const text = await (spec.render ? spec.render(ctx, item, parents) : renderRecord(ctx, view, item));
    if (spec.paged === false) ctx.out(text);
    else await ctx.outPaged(text);
  };
  const declare = (noun: Noun): void => {
    const declared: VerbArgument[] = [...(spec.parents ?? []), [view.argument.name, view.argument.help, view.argument.kind]];
    const name = spec.name ?? 'get';
    let command = noun.command(name);
    for (const [name, help] of declared) command = command.argument(`<${name}>`, help) as unknown as typeof command;
    examples(
      command.description(spec.description).action((...given: unknown[]) => {
        const { args, command: self } = actionArguments(given);
        return run(Context.fromCommand(self), ...args);
      }),
      spec.examples,
    );
    const kinds = argumentKinds(declared);
    if (Object.keys(kinds).length > 0) valueKinds(noun, name, kinds);
  };
  return { declare, run };
}
