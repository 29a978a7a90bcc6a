// `config unset <key>`: removes a setting from the profile; the API key from the credential store
// and the file both.
import { examples } from '../../runtime/command-kit.js';
import { SETTINGS, type SettingName } from '../../settings/config.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { keyArgument } from './get.js';

export function declare(config: Noun): void {
  examples(
    config
      .command('unset')
      .addArgument(keyArgument('unset'))
      .description('Remove a setting from the profile (api-key: from the credential store and the file)')
      .action((key, _options, command) => run(Context.fromCommand(command), key)),
    ['statusctl config unset account-id'],
  );
}

export async function run(ctx: Context, name: SettingName): Promise<void> {
  const keys = await ctx.keys();
  const { config } = keys;
  const profile = config.profile(ctx.profileName);
  let had = Boolean(profile[SETTINGS[name]]);
  if (name === 'api-key') {
    const removed = await keys.remove(ctx.profileName);
    had = removed.keyring || removed.file;
  } else if (had && name === 'base-url') {
    await keys.saveBaseUrl(ctx.profileName, undefined);
  } else if (had) await config.saveProfile(ctx.profileName, { ...profile, [SETTINGS[name]]: undefined });
  if (ctx.json) await ctx.printJson({ key: name, removed: had, profile: ctx.profileName, path: config.path });
  ctx.info(
    had ? `Removed ${name} from profile '${ctx.profileName}' (${config.path})` : `${name} was not set in profile '${ctx.profileName}'`,
  );
}
