// `runtimes list`: which runtimes checks can use, newest first, and when each goes away.
import { RUNTIME_STAGES } from '../../../contract/enums.js';
import type { Runtime } from '../../../contract/schemas.js';
import { choicesOption } from '../../runtime/command-kit.js';
import { listVerb } from '../../verbs/list.js';
import { RUNTIME } from '../../views/runtime.js';

export interface ListOptions {
  /** Repeatable, and commas alike: `--stage current --stage beta`, `--stage current,beta`. */
  stage?: Runtime['stage'][];
}

export const { declare, run } = listVerb<Runtime, ListOptions>(RUNTIME, {
  description: 'List runtimes, newest first, with Node.js version, stage and end of life',
  examples: [
    'statusctl runtimes list',
    'statusctl runtimes list --stage deprecated',
    'statusctl runtimes list --stage current,stable',
    'statusctl runtimes list -o json',
  ],
  options: (command) =>
    command.addOption(
      choicesOption('--stage <stage>', 'only runtimes in these stages (any case; repeat or separate with commas)', RUNTIME_STAGES),
    ),
  async fetch(ctx, options) {
    const stages = options.stage?.length ? new Set<string>(options.stage) : undefined;
    const all = await (await ctx.client()).listRuntimes({});
    const runtimes = (stages ? all.filter((runtime) => stages.has(runtime.stage)) : [...all])
      // Names are YYYY.MM, so a string comparison orders them by date. Not localeCompare: its
      // first call sets up an ICU collator, a cost at the start of every call.
      .sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
    return { json: runtimes, entries: runtimes, none: stages ? `No runtimes in stage ${[...stages].join(' or ')}.` : 'No runtimes.' };
  },
});
