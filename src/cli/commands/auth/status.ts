// `auth status`: the same report as `whoami` (src/cli/credentials-in-use.ts), printed with
// whoami's renderer, under the name gh gives it.
import { examples } from '../../command-kit.js';
import { Context } from '../../context.js';
import { CREDENTIALS_IN_USE_HELP, inspectCredentials } from '../../credentials-in-use.js';
import type { Noun } from '../../globals.js';
import { renderWhoami } from '../whoami.js';

export function declare(auth: Noun): void {
  examples(
    auth
      .command('status')
      .description(CREDENTIALS_IN_USE_HELP)
      .action((_options, command) => run(Context.fromCommand(command))),
    ['statusctl auth status', 'statusctl auth status -o json'],
  );
}

export async function run(ctx: Context): Promise<void> {
  const inspection = await inspectCredentials(ctx);
  if (ctx.json) await ctx.printJson(inspection.report);
  else ctx.out(await renderWhoami(ctx, inspection));
  // The settings are shown whatever the check found: with the server down, they are what to look at.
  if (inspection.error !== undefined) throw inspection.error;
}
