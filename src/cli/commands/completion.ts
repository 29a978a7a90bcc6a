// statusctl completion bash|zsh|fish: prints a script generated from the program's own command
// tree (see render/completion.ts).
import { Argument, type Command } from 'commander';
import { examples } from '../command-kit.js';
import { Context } from '../context.js';

export function register(program: Command): void {
  examples(
    program
      .command('completion')
      .description('Print a shell completion script (commands and options, generated from this program)')
      .addArgument(new Argument('<shell>', 'the shell').choices(['bash', 'zsh', 'fish']))
      .action(async (shell: 'bash' | 'zsh' | 'fish', _options: unknown, command: Command) => {
        const { completionScript } = await import('../render/completion.js');
        let root = command;
        while (root.parent) root = root.parent;
        Context.fromCommand(command).io.stdout.write(completionScript(root, shell));
      }),
    [
      'statusctl completion bash > ~/.local/share/bash-completion/completions/statusctl',
      "echo 'source <(statusctl completion bash)' >> ~/.bashrc",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a zsh expansion, shown as typed
      'statusctl completion zsh > "${fpath[1]}/_statusctl"',
      'statusctl completion fish > ~/.config/fish/completions/statusctl.fish',
    ],
  );
}
