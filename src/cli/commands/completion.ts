// statusctl completion bash|zsh|fish: prints a script generated from the program's own command
// tree (see src/cli/completion/script.ts). The scripts call the hidden `statusctl __complete KIND`
// for the account's own values (service and page names, open incident and update ids), which
// answers from the completion cache and refreshes it in the background (src/cli/completion/cache.ts).
import { Argument, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { examples } from '../runtime/command-kit.js';
import { completionScript, SHELLS, type Shell } from '../completion/script.js';
import { Context } from '../runtime/context.js';
import type { GlobalOptions, Program } from '../runtime/globals.js';
import { VALUE_KINDS, type ValueKind } from '../completion/value-kinds.js';

export function register(program: Program): void {
  examples(
    program
      .command('completion')
      .description('Print a shell completion script (commands and options, generated from this program)')
      .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
      .action((shell, _options, command) => {
        let root = command.parent;
        while (root?.parent) root = root.parent;
        if (!root) return;
        return run(Context.fromCommand(command), shell, root);
      }),
    [
      'statusctl completion bash > ~/.local/share/bash-completion/completions/statusctl',
      "echo 'source <(statusctl completion bash)' >> ~/.bashrc",
      'statusctl completion zsh > ~/.zfunc/_statusctl   # a directory of your zsh fpath',
      'statusctl completion fish > ~/.config/fish/completions/statusctl.fish',
    ],
  );
  // What the scripts call at a Tab: `__complete KIND CURRENT -- WORDS...` prints the values of
  // KIND starting with CURRENT, one `value<TAB>description` a line, for the account WORDS (the
  // words typed before the cursor) would act on; `__complete refresh '' -- WORDS...` is the
  // background refresh.
  program
    .command('__complete', { hidden: true })
    .argument('<kind>')
    .argument('[current]')
    .argument('[words...]')
    .action((kind, current, words, _options, command) => complete(Context.fromCommand(command), kind, current ?? '', words));
}

/** Prints the script for `shell`, completing the commands and options of `program`. */
export async function run(ctx: Context, shell: Shell, program: CommandUnknownOpts): Promise<void> {
  ctx.io.stdout.write(completionScript(program, shell));
}

/**
 * The settings the typed words give (--profile, --base-url, --account-id, --api-key, the
 * network options), as `--name value` or `--name=value`: the account the command would act on.
 */
function typedGlobals(words: readonly string[]): Partial<GlobalOptions> {
  const names = {
    '--profile': 'profile',
    '--base-url': 'baseUrl',
    '--account-id': 'accountId',
    '--api-key': 'apiKey',
    '--proxy': 'proxy',
    '--ca-file': 'caFile',
  } as const;
  const globals: Record<string, string> = {};
  for (let i = 0; i < words.length; i++) {
    const [flag, inline] = words[i]!.split(/=(.*)/s) as [string, string | undefined];
    const name = names[flag as keyof typeof names];
    if (!name) continue;
    const value = inline ?? words[++i];
    if (value) globals[name] = value;
  }
  return globals;
}

/** Never fails and never waits on the network: whatever goes wrong, the shell gets no values. */
async function complete(base: Context, kind: string, current: string, words: string[]): Promise<void> {
  const ctx = new Context({ ...base.globals, ...typedGlobals(words), timeout: 15 }, base.runtime);
  const cache = await import('../completion/cache.js');
  if (kind === 'refresh') return cache.refresh(ctx);
  if (!(VALUE_KINDS as readonly string[]).includes(kind)) return;
  try {
    const identity = await cache.identityOf(ctx);
    const file = cache.cacheFile(ctx.env, identity);
    const held = cache.readCache(file, identity);
    cache.refreshIfStale(ctx, file, held, words);
    if (!held) return;
    const lines = cache
      .candidates(held, kind as ValueKind, words)
      .filter(({ value }) => value.startsWith(current) && !/[\t\n\r]/.test(value))
      .map(({ value, description }) => `${value}\t${description.replace(/\s+/g, ' ')}\n`);
    ctx.io.stdout.write([...new Set(lines)].join(''));
  } catch {
    // A config file that cannot be read, a cache directory that cannot be made: no values.
  }
}
