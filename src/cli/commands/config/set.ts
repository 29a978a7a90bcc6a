// `config set <key> <value>`: saves a setting to the profile, after checking the value. The API
// key goes to the credential store when there is one (key-storage.ts).
import { parseProxyUrl } from '../../../client/proxy.js';
import { examples } from '../../runtime/command-kit.js';
import { SETTINGS, checkBaseUrl, checkHeaderValue, checkHeartbeats, checkSwitch, type SettingName } from '../../settings/config.js';
import { Context } from '../../runtime/context.js';
import type { SettingSource } from '../../settings/resolve.js';
import { usageError } from '../../errors/exit-codes.js';
import { looksLikeKey, notShown } from '../../settings/mask.js';
import type { Noun } from '../../runtime/globals.js';
import { keyArgument } from './get.js';
import { shown } from './list.js';

export function declare(config: Noun): void {
  examples(
    config
      .command('set')
      .addArgument(keyArgument('set'))
      .argument('<value>', 'the new value')
      .description(
        'Save a setting to the profile (created 0600; api-key to the credential store when there is one); ' +
          '`statusctl login` also checks the key first',
      )
      .action((key, value, _options, command) => run(Context.fromCommand(command), key, value)),
    [
      'statusctl config set base-url https://status.example.com',
      'statusctl config set account-id 00000000-0000-4000-8000-00000000d3e0 --profile staging',
    ],
  );
}

export async function run(ctx: Context, name: SettingName, value: string): Promise<void> {
  checkValue(name, value);
  const keys = await ctx.keys();
  const { config } = keys;
  let source: SettingSource = 'profile';
  if (name === 'api-key') {
    const saved = await keys.save(ctx.profileName, { apiKey: value.trim() });
    source = saved.location;
    if (saved.noStoreReason) ctx.info(`warning: the API key is stored in plain text in ${config.path}: ${saved.noStoreReason}`);
  } else if (name === 'base-url') {
    await keys.saveBaseUrl(ctx.profileName, value.trim());
  } else {
    await config.saveProfile(ctx.profileName, { ...config.profile(ctx.profileName), [SETTINGS[name]]: value.trim() });
  }
  if (ctx.json) await ctx.printJson({ key: name, value: shown(name, value), source, profile: ctx.profileName, path: config.path });
  const where = source === 'keyring' ? 'the credential store' : config.path;
  ctx.info(`Set ${name} to ${shown(name, value)} in profile '${ctx.profileName}' (${where})`);
}

function checkValue(name: SettingName, value: string): void {
  // Saved, it would be shown by `config list` and the message below, and sent where a key is not kept.
  if (keyInWrongPlace(name, value)) {
    throw usageError(
      `${notShown(`the value for ${name}`)} and was not saved`,
      `to save the key: statusctl config set api-key KEY (or statusctl login)`,
    );
  }
  const verdict = CHECKS[name]?.(value) ?? checkHeaderValue(value, name);
  if (verdict !== true) throw usageError(`${name}: ${verdict}`);
}

/**
 * What of the value is looked at: a proxy's password is its own secret (shown masked, so only the
 * rest), and a file's path is the user's own folders, whose names may be random; a bare key given
 * as either is still refused.
 */
function keyInWrongPlace(name: SettingName, value: string): boolean {
  if (name === 'api-key') return false;
  if (name === 'proxy') return looksLikeKey(shown(name, value) ?? '');
  if (name === 'ca-file' && /[\\/]/.test(value)) return false;
  return looksLikeKey(value);
}

const CHECKS: Partial<Record<SettingName, (value: string) => string | true>> = {
  'base-url': checkBaseUrl,
  proxy: (value) => {
    const parsed = parseProxyUrl(value);
    return typeof parsed === 'string' ? parsed : true;
  },
  // Read when used, so a file put in place later is fine; only an empty path is refused here.
  'ca-file': (value) => (value.trim() ? true : 'expected the path of a PEM file'),
  'system-ca': checkSwitch,
  heartbeats: checkHeartbeats,
};
