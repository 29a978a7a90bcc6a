// `auth logout` (and `logout`, the same command at the top): removes the API key of a profile from the credential store and the config file; the
// base URL and account id stay.
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun, Program } from '../../runtime/globals.js';
import { maskKey } from '../../settings/mask.js';

/** Declares `logout` on `auth`, and on the program as the top-level alias gh users know. */
export function declare(parent: Noun | Program): void {
  const name = parent.parent ? 'auth logout' : 'logout';
  examples(
    (parent as Noun)
      .command('logout')
      .description('Remove the API key of the profile from the credential store and the config file (the base URL and account id stay)')
      .action((_options, command) => run(Context.fromCommand(command))),
    [`statusctl ${name}`, `statusctl ${name} --profile staging`],
  );
}

export async function run(ctx: Context): Promise<void> {
  const keys = await ctx.keys();
  const { config } = keys;
  const removed = await keys.remove(ctx.profileName);
  const places = [...(removed.keyring ? ['the credential store'] : []), ...(removed.file ? [config.path] : [])];
  ctx.info(
    places.length
      ? `Removed the API key ${removed.fileKey ? `${maskKey(removed.fileKey)} ` : ''}of profile '${ctx.profileName}' from ${places.join(' and ')}`
      : `No API key saved for profile '${ctx.profileName}'; nothing to remove.`,
  );
  if (ctx.env.STATUSCTL_API_KEY) ctx.info('Note: STATUSCTL_API_KEY is still set in this environment and will be used.');
  if (ctx.json) {
    await ctx.printJson({
      profile: ctx.profileName,
      path: config.path,
      removed: places.length > 0,
      from: { keyring: removed.keyring, file: removed.file },
    });
  }
}
