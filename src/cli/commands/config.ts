// `config list|get|set|unset|path`: the settings of a profile. The API key is a password: it is
// shown masked (`****` and its last 4 characters) by every one of these, `config get` included.
import { Argument, InvalidArgumentError } from '@commander-js/extra-typings';
import { examples } from '../command-kit.js';
import { maskProxyUrl, parseProxyUrl } from '../../client/proxy.js';
import { SETTINGS, checkBaseUrl, checkHeaderValue, checkSwitch, isSettingName, type SettingName } from '../config.js';
import { Context, type SettingSource } from '../context.js';
import { usageError } from '../exit-codes.js';
import type { Program } from '../globals.js';
import { maskKey } from '../mask.js';

const NAMES = Object.keys(SETTINGS).filter(isSettingName);

/** `<key>`: one of the setting names, listed as commander choices for help and completion. */
function keyArgument() {
  return new Argument('<key>', `one of ${NAMES.join(', ')}`).choices(NAMES).argParser(settingName);
}

export function register(program: Program): void {
  const config = program
    .command('config')
    .description(
      'Show and change the settings of a profile in the config file.\n\n' +
        'Settings come from, in order: the option, the environment, the profile, the default.\n\n' +
        "The profile's API key lives in the OS credential store when there is one, else in the config file; " +
        'its source says which (keyring, file, environment, option).\n\n' +
        'The API key is always shown masked (****abcd), also by `config get api-key`.',
    );
  examples(config, [
    'statusctl config list',
    'statusctl config get api-key',
    'statusctl config set base-url https://status.example.com',
    'statusctl config path',
  ]);

  examples(
    config
      .command('list')
      .description(
        'Each setting with its value (the key masked) and where it comes from (option, environment, profile, default; ' +
          'for the key: keyring or file)',
      )
      .action((_options, command) => runList(Context.fromCommand(command))),
    ['statusctl config list', 'statusctl config list --profile staging --json'],
  );
  examples(
    config
      .command('get')
      .addArgument(keyArgument())
      .description('The value in effect for one setting (api-key: masked, never the full key)')
      .action((key, _options, command) => runGet(Context.fromCommand(command), key)),
    ['statusctl config get base-url', 'statusctl config get account-id --json'],
  );
  examples(
    config
      .command('set')
      .addArgument(keyArgument())
      .argument('<value>', 'the new value')
      .description(
        'Save a setting to the profile (created 0600; api-key to the credential store when there is one); ' +
          '`statusctl login` also checks the key first',
      )
      .action((key, value, _options, command) => runSet(Context.fromCommand(command), key, value)),
    [
      'statusctl config set base-url https://status.example.com',
      'statusctl config set account-id 00000000-0000-4000-8000-00000000d3e0 --profile staging',
    ],
  );
  examples(
    config
      .command('unset')
      .addArgument(keyArgument())
      .description('Remove a setting from the profile (api-key: from the credential store and the file)')
      .action((key, _options, command) => runUnset(Context.fromCommand(command), key)),
    ['statusctl config unset account-id'],
  );
  examples(
    config
      .command('path')
      .description('Where the config file is (STATUSCTL_CONFIG_DIR moves it)')
      .action((_options, command) => runPath(Context.fromCommand(command))),
    ['statusctl config path', 'cat "$(statusctl config path)"'],
  );
}

function settingName(key: string): SettingName {
  if (!isSettingName(key)) throw new InvalidArgumentError(`unknown setting '${key}': expected one of ${NAMES.join(', ')}`);
  return key;
}

/** What may be shown of a value: the key masked, the rest as it is. */
function shown(name: SettingName, value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (name === 'proxy') {
    // A proxy's password is a password too.
    const parsed = parseProxyUrl(value);
    return typeof parsed === 'string' ? value.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1****@') : maskProxyUrl(parsed);
  }
  return name === 'api-key' ? maskKey(value) : value;
}

interface Shown {
  value: string | null;
  source: SettingSource;
}

async function effective(ctx: Context): Promise<Record<SettingName, Shown>> {
  const settings = await ctx.settings();
  return Object.fromEntries(
    NAMES.map((name) => [name, { value: shown(name, settings[SETTINGS[name]]), source: settings.sources[SETTINGS[name]] }]),
  ) as Record<SettingName, Shown>;
}

async function runList(ctx: Context): Promise<void> {
  const [values, config] = await Promise.all([effective(ctx), ctx.config()]);
  if (ctx.json) {
    await ctx.printJson({ profile: ctx.profileName, path: config.path, settings: values });
    return;
  }
  const { renderTable } = await import('../output/cells.js');
  ctx.out(
    await renderTable(
      ctx,
      ['setting', 'value', 'source'],
      NAMES.map((name) => [name, values[name].value ?? '-', { text: values[name].source, paint: ctx.style.dim }]),
    ),
  );
  ctx.info(ctx.style.dim(`profile '${ctx.profileName}' in ${config.path}`));
}

async function runGet(ctx: Context, name: SettingName): Promise<void> {
  const { value, source } = (await effective(ctx))[name];
  if (ctx.json) {
    await ctx.printJson({ key: name, value, source });
    return;
  }
  if (value === null) {
    ctx.info(`${name} is not set (profile '${ctx.profileName}')`);
    return;
  }
  ctx.out(value);
  if (name === 'api-key') ctx.info(ctx.style.dim('(masked: the full key is never printed)'));
}

function checkValue(name: SettingName, value: string): void {
  const verdict = CHECKS[name]?.(value) ?? checkHeaderValue(value, name);
  if (verdict !== true) throw usageError(`${name}: ${verdict}`);
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
};

async function runSet(ctx: Context, name: SettingName, value: string): Promise<void> {
  checkValue(name, value);
  const config = await ctx.config();
  let source: SettingSource = 'profile';
  if (name === 'api-key') {
    const { saveProfileWithKey } = await import('../key-storage.js');
    const saved = await saveProfileWithKey(ctx.env, config, ctx.profileName, { apiKey: value.trim() });
    source = saved.location;
    if (saved.noStoreReason) ctx.info(`warning: the API key is stored in plain text in ${config.path}: ${saved.noStoreReason}`);
  } else if (name === 'base-url') {
    const { saveBaseUrl } = await import('../key-storage.js');
    await saveBaseUrl(ctx.env, config, ctx.profileName, value.trim());
  } else {
    await config.saveProfile(ctx.profileName, { ...config.profile(ctx.profileName), [SETTINGS[name]]: value.trim() });
  }
  if (ctx.json) await ctx.printJson({ key: name, value: shown(name, value), source, profile: ctx.profileName, path: config.path });
  const where = source === 'keyring' ? 'the credential store' : config.path;
  ctx.info(`Set ${name} to ${shown(name, value)} in profile '${ctx.profileName}' (${where})`);
}

async function runUnset(ctx: Context, name: SettingName): Promise<void> {
  const config = await ctx.config();
  const profile = config.profile(ctx.profileName);
  let had = Boolean(profile[SETTINGS[name]]);
  if (name === 'api-key') {
    const { removeKey } = await import('../key-storage.js');
    const removed = await removeKey(ctx.env, config, ctx.profileName);
    had = removed.keyring || removed.file;
  } else if (had && name === 'base-url') {
    const { saveBaseUrl } = await import('../key-storage.js');
    await saveBaseUrl(ctx.env, config, ctx.profileName, undefined);
  } else if (had) await config.saveProfile(ctx.profileName, { ...profile, [SETTINGS[name]]: undefined });
  if (ctx.json) await ctx.printJson({ key: name, removed: had, profile: ctx.profileName, path: config.path });
  ctx.info(
    had ? `Removed ${name} from profile '${ctx.profileName}' (${config.path})` : `${name} was not set in profile '${ctx.profileName}'`,
  );
}

async function runPath(ctx: Context): Promise<void> {
  const config = await ctx.config();
  if (ctx.json) await ctx.printJson({ path: config.path });
  else ctx.out(config.path);
}
