// `auth`: the profiles and their credentials, in gh's words (login, logout, status, switch,
// token). Wiring only: each verb is a module in auth/. `login` and `logout` are also declared at
// the top, where statusctl has always had them: the same modules, so the two never differ.
import { examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';
import * as login from './auth/login.js';
import * as logout from './auth/logout.js';
import * as status from './auth/status.js';
import * as switchProfile from './auth/switch.js';
import * as token from './auth/token.js';

export function register(program: Program): void {
  login.declare(program);
  logout.declare(program);
  const auth = program
    .command('auth')
    .description('Profiles and their credentials: log in and out, list them, switch the default one, print its key');
  examples(auth, ['statusctl auth status', 'statusctl auth switch staging', 'statusctl auth token | wc -c']);
  login.declare(auth);
  logout.declare(auth);
  status.declare(auth);
  switchProfile.declare(auth);
  token.declare(auth);
}
