// `auth token`: prints the API key of the profile in use, for another tool (curl, a secret
// store), as `gh auth token` does. The key is a password: on a terminal it is printed only with
// --show (someone may be looking at the screen, or recording it); piped, it is printed alone on
// one line. Nothing else is written anywhere, with --verbose too: no request is made.
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { usageError } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';

export interface TokenOptions {
  show?: boolean;
}

export function declare(auth: Noun): void {
  examples(
    auth
      .command('token')
      .description(
        'Print the API key of the profile in use (the one a command would use: --api-key, STATUSCTL_API_KEY, the ' +
          'credential store, the config file), alone on one line, to hand to another tool.\n\n' +
          'The key is a password: on a terminal it is printed only with --show (exit 2 otherwise); piped, it is printed. ' +
          'No key is exit 3.',
      )
      .option('--show', 'print the key on a terminal too')
      .action((options, command) => run(Context.fromCommand(command), options)),
    [
      'statusctl auth token | wc -c',
      'statusctl auth token --profile staging > key.txt',
      'curl -sf -H "Authorization: Bearer $(statusctl auth token)" -H "x-service-account: $ACCOUNT_ID" http://127.0.0.1:4010/v1/status-pages',
    ],
  );
}

export async function run(ctx: Context, options: TokenOptions): Promise<void> {
  if (ctx.io.stdout.isTTY && !options.show) {
    throw usageError(
      'auth token: the API key is a password, and stdout is a terminal: not printed',
      'pipe it where it goes (statusctl auth token | pbcopy), or add --show to print it here',
    );
  }
  ctx.out(await ctx.factory.apiKey(await ctx.settings()));
}
