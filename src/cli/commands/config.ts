// `config`: the noun and its verbs (list, get, set, unset, path), the settings of a profile.
// Wiring only: each verb is a module in config/. The API key is a password: every verb shows it
// masked (`****` and its last 4 characters), `config get` included.
import { declareVerbs, examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';

/** Each verb's module, in the order of the noun's help. */
const VERBS = {
  list: () => import('./config/list.js'),
  get: () => import('./config/get.js'),
  set: () => import('./config/set.js'),
  unset: () => import('./config/unset.js'),
  path: () => import('./config/path.js'),
};

export async function register(program: Program, verbs?: readonly string[]): Promise<void> {
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
  await declareVerbs(config, VERBS, verbs);
}
