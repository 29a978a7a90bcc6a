// statusctl completion bash|zsh|fish: prints a script generated from the program's own command
// tree (see ../completion-script.ts).
import { Argument, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { examples } from '../command-kit.js';
import { completionScript, SHELLS, type Shell } from '../completion-script.js';
import { Context } from '../context.js';
import type { Program } from '../globals.js';

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
}

/** Prints the script for `shell`, completing the commands and options of `program`. */
export async function run(ctx: Context, shell: Shell, program: CommandUnknownOpts): Promise<void> {
  ctx.io.stdout.write(completionScript(program, shell));
}
