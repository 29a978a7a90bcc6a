// `config get <key>`: the value in effect for one setting, the API key masked. The `<key>`
// argument is declared here for get, set and unset.
import { Argument } from '@commander-js/extra-typings';
import { usageError } from '../../errors/exit-codes.js';
import { closest, didYouMean } from '../../errors/suggest.js';
import { examples } from '../../runtime/command-kit.js';
import { isSettingName, type SettingName } from '../../settings/config.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { effective, NAMES } from './list.js';

/**
 * `<key>`: one of the setting names, listed as commander choices for help and completion. `verb`
 * (get, set, unset) is for the hint of an unknown key, which gives the command with the closest key.
 */
export function keyArgument(verb: 'get' | 'set' | 'unset') {
  return new Argument('<key>', `one of ${NAMES.join(', ')}`).choices(NAMES).argParser((key) => settingName(key, verb));
}

/**
 * An unknown key is refused in the form of every usage error (field, what was expected, a hint),
 * not in commander's words for a bad choice, which name neither the closest key nor the fix.
 */
function settingName(key: string, verb: 'get' | 'set' | 'unset'): SettingName {
  if (isSettingName(key)) return key;
  const [nearest] = closest(key, NAMES, 1);
  const hint = nearest
    ? `statusctl config ${verb} ${nearest}${verb === 'set' ? ' VALUE' : ''}`
    : "'statusctl config list' shows every setting and its value";
  throw usageError(`key: unknown setting '${key}'${didYouMean(key, NAMES)}: expected one of ${NAMES.join(', ')}`, hint);
}

export function declare(config: Noun): void {
  examples(
    config
      .command('get')
      .addArgument(keyArgument('get'))
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
