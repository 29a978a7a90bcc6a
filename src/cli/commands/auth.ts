// `auth`: the noun of the credentials in use, and its verb (status). Wiring only: each verb is a
// module in auth/. `login` and `logout` are top-level commands of their own (login.ts, logout.ts).
import { examples } from '../command-kit.js';
import type { Program } from '../globals.js';
import * as status from './auth/status.js';

export function register(program: Program): void {
  const auth = program.command('auth').description('The credentials in use (see also login, logout, config)');
  examples(auth, ['statusctl auth status']);
  status.declare(auth);
}
