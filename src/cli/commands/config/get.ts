// `config get <key>`: the value in effect for one setting, the API key masked. The `<key>`
// argument is declared here for get, set and unset.
import { Argument, InvalidArgumentError } from '@commander-js/extra-typings';
import { examples } from '../../runtime/command-kit.js';
import { isSettingName, type SettingName } from '../../settings/config.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { effective, NAMES } from './list.js';

/** `<key>`: one of the setting names, listed as commander choices for help and completion. */
export function keyArgument() {
  return new Argument('<key>', `one of ${NAMES.join(', ')}`).choices(NAMES).argParser(settingName);
}

function settingName(key: string): SettingName {
  if (!isSettingName(key)) throw new InvalidArgumentError(`unknown setting '${key}': expected one of ${NAMES.join(', ')}`);
  return key;
}

export function declare(config: Noun): void {
  examples(
    config
      .command('get')
      .addArgument(keyArgument())
      .description('The value in effect for one setting (api-key: masked, never the full key)')
      .action((key, _options, command) => run(Context.fromCommand(command), key)),
    ['statusctl config get base-url', 'statusctl config get account-id --json'],
  );
}

export async function run(ctx: Context, name: SettingName): Promise<void> {
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
