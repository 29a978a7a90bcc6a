// `<noun> get <id>`: one of a resource, made from its view. The verb reads it (the spec says
// how: by id, by name among the list), prints the API's answer with -o json (and --jq), else the
// view's record through the pager.
import { examples } from '../runtime/command-kit.js';
import { Context } from '../runtime/context.js';
import type { Noun } from '../runtime/globals.js';
import { valueKinds } from '../completion/value-kinds.js';
import { renderRecord, type ResourceView } from '../views/resource.js';

export interface GetSpec<T> {
  readonly description: string;
  readonly examples: string[];
  /** The one the argument names, read from the API. */
  fetch(ctx: Context, given: string): Promise<T>;
  /** For people, when it is more than the view's record (a runtime's packages after its fields). */
  render?(ctx: Context, item: T): Promise<string>;
}

/** The verb's declaration and run function, as a verb module exports them. */
export interface Verb<Args extends unknown[]> {
  declare(noun: Noun): void;
  run(ctx: Context, ...args: Args): Promise<void>;
}

export function getVerb<T>(view: ResourceView<T>, spec: GetSpec<T>): Verb<[given: string]> {
  const run = async (ctx: Context, given: string): Promise<void> => {
    const item = await spec.fetch(ctx, given);
    if (ctx.json) return ctx.printJson(item);
    await ctx.outPaged(await (spec.render ? spec.render(ctx, item) : renderRecord(ctx, view, item)));
  };
  const declare = (noun: Noun): void => {
    examples(
      noun
        .command('get')
        .description(spec.description)
        .argument(`<${view.argument.name}>`, view.argument.help)
        .action((given, _options, command) => run(Context.fromCommand(command), given)),
      spec.examples,
    );
    if (view.argument.kind) valueKinds(noun, 'get', { [view.argument.name]: view.argument.kind });
  };
  return { declare, run };
}
