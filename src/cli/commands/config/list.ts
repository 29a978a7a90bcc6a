// `config list`: every setting with its value in effect and where it comes from. What may be
// shown of a value (`shown`) and the values in effect (`effective`) serve get and set too.
import { maskProxyUrl, parseProxyUrl } from '../../../client/proxy.js';
import { examples } from '../../runtime/command-kit.js';
import { SETTINGS, isSettingName, type SettingName } from '../../settings/config.js';
import { Context } from '../../runtime/context.js';
import type { SettingSource } from '../../settings/resolve.js';
import type { Noun } from '../../runtime/globals.js';
import { maskKey } from '../../settings/mask.js';
import { renderTable } from '../../output/cells.js';

export const NAMES = Object.keys(SETTINGS).filter(isSettingName);

export interface Shown {
  value: string | null;
  source: SettingSource;
}

export function declare(config: Noun): void {
  examples(
    config
      .command('list')
      .description(
        'Each setting with its value (the key masked) and where it comes from (option, environment, profile, default; ' +
          'for the key: keyring or file)',
      )
      .action((_options, command) => run(Context.fromCommand(command))),
    ['statusctl config list', 'statusctl config list --profile staging --json'],
  );
}

export async function run(ctx: Context): Promise<void> {
  const [values, config] = await Promise.all([effective(ctx), ctx.config()]);
  if (ctx.json) {
    await ctx.printJson({ profile: ctx.profileName, path: config.path, settings: values });
    return;
  }
  ctx.out(await renderSettings(ctx, values));
  ctx.info(ctx.style.dim(`profile '${ctx.profileName}' in ${config.path}`));
}

/** The settings as a table: name, value (or -), source. */
export async function renderSettings(ctx: Context, values: Record<SettingName, Shown>): Promise<string> {
  return renderTable(
    ctx,
    ['setting', 'value', 'source'],
    NAMES.map((name) => [name, values[name].value ?? '-', { text: values[name].source, paint: ctx.style.dim }]),
  );
}

/** What may be shown of a value: the key masked, the rest as it is. */
export function shown(name: SettingName, value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (name === 'proxy') {
    // A proxy's password is a password too.
    const parsed = parseProxyUrl(value);
    return typeof parsed === 'string' ? value.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1****@') : maskProxyUrl(parsed);
  }
  return name === 'api-key' ? maskKey(value) : value;
}

/** Each setting in effect, as it may be shown, with its source. */
export async function effective(ctx: Context): Promise<Record<SettingName, Shown>> {
  const settings = await ctx.settings();
  return Object.fromEntries(
    NAMES.map((name) => [name, { value: shown(name, settings[SETTINGS[name]]), source: settings.sources[SETTINGS[name]] }]),
  ) as Record<SettingName, Shown>;
}
