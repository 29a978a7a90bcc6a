// `config`: the noun and its verbs (list, get, set, unset, path), the settings of a profile.
// Wiring only: each verb is a module in config/. The API key is a password: every verb shows it
// masked (`****` and its last 4 characters), `config get` included.
import { examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';
import * as get from './config/get.js';
import * as list from './config/list.js';
import * as path from './config/path.js';
import * as set from './config/set.js';
import * as unset from './config/unset.js';

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
  list.declare(config);
  get.declare(config);
  set.declare(config);
  unset.declare(config);
  path.declare(config);
}
