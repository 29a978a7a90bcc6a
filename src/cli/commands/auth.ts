// `auth`: the profiles and their credentials, in gh's words (login, logout, status, switch,
// token). Wiring only: each verb is a module in auth/, loaded when it is declared (a run declares
// the verb it names alone: declareVerbs). `login` and `logout` are also declared at the top,
// where statusctl has always had them: the same modules, so the two never differ.
import { declareVerbs, examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';

/** Each verb's module, in the order of the noun's help. */
const VERBS = {
  login: () => import('./auth/login.js'),
  logout: () => import('./auth/logout.js'),
  status: () => import('./auth/status.js'),
  switch: () => import('./auth/switch.js'),
  token: () => import('./auth/token.js'),
};

/**
 * `command` is the top-level word the run names (`login`, `logout` or `auth`): only that command
 * is declared. Without it (the whole tree), all three are.
 */
export async function register(program: Program, verbs?: readonly string[], command?: string): Promise<void> {
  if (command === undefined || command === 'login') (await VERBS.login()).declare(program);
  if (command === undefined || command === 'logout') (await VERBS.logout()).declare(program);
  if (command !== undefined && command !== 'auth') return;
  const auth = program
    .command('auth')
    .description('Profiles and their credentials: log in and out, list them, switch the default one, print its key');
  examples(auth, ['statusctl auth status', 'statusctl auth switch staging', 'statusctl auth token | wc -c']);
  await declareVerbs(auth, VERBS, verbs);
}
