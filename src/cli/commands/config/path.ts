// `config path`: where the config file is, for scripts (`cat "$(statusctl config path)"`).
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';

export function declare(config: Noun): void {
  examples(
    config
      .command('path')
      .description('Where the config file is (STATUSCTL_CONFIG_DIR moves it)')
      .action((_options, command) => run(Context.fromCommand(command))),
    ['statusctl config path', 'cat "$(statusctl config path)"'],
  );
}

export async function run(ctx: Context): Promise<void> {
  const config = await ctx.config();
  if (ctx.json) await ctx.printJson({ path: config.path });
  else ctx.out(config.path);
}
