// `auth switch PROFILE`: makes a saved profile the default, the one commands use when neither
// --profile nor STATUSCTL_PROFILE names one. The choice is kept in the config file
// (`defaultProfile`). A name the file does not hold is a usage error (exit 2), as `--profile`
// naming one is.
import { examples } from '../../runtime/command-kit.js';
import { DEFAULT_PROFILE } from '../../settings/config.js';
import { Context } from '../../runtime/context.js';
import { usageError } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';
import { closest } from '../../errors/suggest.js';

export function declare(auth: Noun): void {
  examples(
    auth
      .command('switch')
      .argument('<profile>', 'a profile of the config file (statusctl auth status lists them)')
      .description(
        'Make PROFILE the default profile: the one commands use when neither --profile nor STATUSCTL_PROFILE names one ' +
          '(kept in the config file). A profile the file does not hold is exit 2, with the closest names.',
      )
      .action((profile, _options, command) => run(Context.fromCommand(command), profile)),
    ['statusctl auth switch staging', 'statusctl auth switch ci --json'],
  );
}

export async function run(ctx: Context, profile: string): Promise<void> {
  const config = await ctx.config();
  const known = config.profileNames();
  if (!known.includes(profile)) {
    const near = closest(profile, known);
    throw usageError(
      `auth switch: no profile '${profile}' in ${config.path}${near.length ? ` (did you mean ${near.join(' or ')}?)` : ''}`,
      known.length
        ? `known profiles: ${[...near, ...known.filter((name) => !near.includes(name))].join(', ')} (or create it: statusctl login --profile ${profile})`
        : `no profile is saved yet: statusctl login --profile ${profile}`,
    );
  }
  const previous = config.defaultProfile ?? DEFAULT_PROFILE;
  await config.saveDefaultProfile(profile);
  const saved = config.profile(profile);
  if (ctx.json) await ctx.printJson({ profile, previous, path: config.path });
  ctx.info(
    `Switched the default profile to '${profile}' (${saved.baseUrl ?? 'the default base URL'}${saved.accountId ? `, account ${saved.accountId}` : ''}), from '${previous}'`,
  );
  if (ctx.globals.profile || ctx.env.STATUSCTL_PROFILE) {
    const by = ctx.globals.profile ? `--profile ${ctx.globals.profile}` : `STATUSCTL_PROFILE=${ctx.env.STATUSCTL_PROFILE}`;
    ctx.info(`Note: ${by} still names the profile in use here; the default applies where neither is given.`);
  }
}
