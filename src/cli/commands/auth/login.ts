// `auth login` (and `login`, the same command at the top): put the API key (and where and as whom to use it) into a profile, after one request has
// shown that the server accepts them. The key goes to the OS credential store when there is one,
// else to the config file with a warning (key-storage.ts). `logout` removes it (logout.ts). The
// profile is the one in use: --profile, STATUSCTL_PROFILE, the default `auth switch` chose, or `default`.
import { examples } from '../../runtime/command-kit.js';
import { checkBaseUrl, checkHeaderValue, DEFAULT_PROFILE } from '../../settings/config.js';
import { Context } from '../../runtime/context.js';
import { CliError, ExitCode, usageError } from '../../errors/exit-codes.js';
import type { Noun, Program } from '../../runtime/globals.js';
import { maskKey } from '../../settings/mask.js';
import { readAll } from '../../input/read.js';
import { ApiError } from '../../../client/errors.js';

export interface LoginOptions {
  withToken?: boolean;
  insecureStorage?: boolean;
}

/** Declares `login` on `auth`, and on the program as the top-level alias gh users know. */
export function declare(parent: Noun | Program): void {
  const name = parent.parent ? 'auth login' : 'login';
  examples(
    (parent as Noun)
      .command('login')
      .description(
        'Check an API key against the server and save it, with the base URL and account id, to the profile.\n\n' +
          'On a terminal, asks for what --base-url/--api-key/--account-id do not give (the key as hidden input).\n\n' +
          'Not on a terminal, takes them from the options or STATUSCTL_BASE_URL/STATUSCTL_API_KEY/STATUSCTL_ACCOUNT_ID, ' +
          'and fails (exit 2) naming what is missing. A key the server refuses (exit 3) is not saved.\n\n' +
          'With --with-token, the key is read from stdin (one line), as `gh auth login --with-token` does: for a ' +
          'secret store or a CI variable, never an argument that shows in ps. The account id then comes from ' +
          '--account-id, STATUSCTL_ACCOUNT_ID or the profile.\n\n' +
          "The key is saved in the operating system's credential store (macOS Keychain, Windows Credential Manager, " +
          'the Secret Service on Linux) when there is one; the config file then holds no key. Without one (a ' +
          'headless machine, a container, CI), the key goes to the config file (0600), and login says so. ' +
          'A store that is locked or refuses is exit 3, and nothing is saved.',
      )
      .option('--with-token', 'read the API key from stdin')
      .option('--insecure-storage', 'save the key in plain text in the config file, not in the credential store')
      .action((options, command) => run(Context.fromCommand(command), options)),
    [
      `statusctl ${name}`,
      `echo "$KEY" | statusctl ${name} --with-token --account-id 00000000-0000-4000-8000-00000000d3e0`,
      `statusctl ${name} --with-token --profile ci < key.txt`,
      `statusctl ${name} --base-url http://127.0.0.1:4010 --account-id 00000000-0000-4000-8000-00000000d3e0`,
      `STATUSCTL_API_KEY=$KEY statusctl ${name} --account-id 00000000-0000-4000-8000-00000000d3e0 --profile ci`,
      `statusctl ${name} --insecure-storage`,
    ],
  );
}

interface Credentials {
  baseUrl: string;
  apiKey: string;
  accountId: string;
}

export async function run(ctx: Context, options: LoginOptions): Promise<void> {
  const credentials = options.withToken
    ? await credentialsWithToken(ctx)
    : ctx.interactive
      ? await askCredentials(ctx)
      : await credentialsFromSettings(ctx);
  await checkCredentials(ctx, credentials);
  const keys = await ctx.keys();
  const { config } = keys;
  // As gh: the first profile of a config file is the one in use from then on, whatever its name.
  const first = config.problem === undefined && config.profileNames().length === 0 && config.defaultProfile === undefined;
  const saved = await keys.save(ctx.profileName, credentials, { insecure: options.insecureStorage });
  const becomesActive = first && ctx.profileName !== DEFAULT_PROFILE;
  if (becomesActive) await config.saveDefaultProfile(ctx.profileName);
  const summary = {
    profile: ctx.profileName,
    baseUrl: credentials.baseUrl,
    accountId: credentials.accountId,
    apiKey: maskKey(credentials.apiKey),
    path: config.path,
    keyStorage: saved.location,
  };
  if (ctx.json) await ctx.printJson(summary);
  const where = saved.location === 'keyring' ? 'the key in the credential store' : 'the key in plain text';
  ctx.info(
    `Logged in to ${summary.baseUrl} as account ${summary.accountId} (key ${summary.apiKey}), saved to profile '${summary.profile}' in ${summary.path} (${where})`,
  );
  if (becomesActive) {
    ctx.info(
      `'${summary.profile}' is the first profile of ${summary.path}, so it is now the one in use (statusctl auth switch changes it)`,
    );
  }
  if (saved.noStoreReason) {
    ctx.info(
      `warning: the API key was stored in plain text in ${config.path} (readable by anything running as you): ${saved.noStoreReason}\n` +
        'hint: on a desktop, unlock or start the keyring and log in again; to keep the key out of files, set STATUSCTL_API_KEY instead',
    );
  }
}

/** Asks on the terminal for what the command line did not give; current settings are the defaults. */
async function askCredentials(ctx: Context): Promise<Credentials> {
  const { askSecret, askText } = await import('../../prompts/index.js');
  const current = await ctx.settings({ forNewProfile: true });
  const baseUrl =
    ctx.globals.baseUrl ?? (await askText({ message: 'API base URL', default: current.baseUrl, validate: checkBaseUrl, io: ctx.io }));
  const apiKey =
    ctx.globals.apiKey ??
    (await askSecret({
      message: 'API key (hidden)',
      io: ctx.io,
      validate: (value) => (value ? checkHeaderValue(value, 'the key') : 'an API key is required'),
    }));
  const accountId =
    ctx.globals.accountId ??
    (await askText({
      message: 'Account id',
      io: ctx.io,
      ...(current.accountId ? { default: current.accountId } : {}),
      validate: (value) => (value ? checkHeaderValue(value, 'the account id') : 'an account id is required'),
    }));
  return { baseUrl: baseUrl.trim(), apiKey, accountId: accountId.trim() };
}

/** --with-token: the key from stdin; the base URL and account id as for any command. */
async function credentialsWithToken(ctx: Context): Promise<Credentials> {
  const apiKey = (await readAll(ctx.io.stdin)).trim();
  if (!apiKey) throw usageError('--with-token: no API key on stdin', 'pipe it in: statusctl login --with-token < key.txt');
  const valid = checkHeaderValue(apiKey, 'the key on stdin');
  if (valid !== true) throw usageError(`--with-token: ${valid}`, 'the key must be alone on one line');
  const settings = await ctx.settings({ forNewProfile: true });
  if (!settings.accountId) {
    throw usageError('--with-token: no account id', 'pass --account-id, or set STATUSCTL_ACCOUNT_ID, or keep one in the profile');
  }
  return { baseUrl: settings.baseUrl, apiKey, accountId: settings.accountId };
}

/** Off a terminal: options and environment only (what is already in the profile proves nothing). */
async function credentialsFromSettings(ctx: Context): Promise<Credentials> {
  const settings = await ctx.settings({ forNewProfile: true });
  const given = (field: 'apiKey' | 'accountId') =>
    settings.sources[field] === 'option' || settings.sources[field] === 'environment' ? settings[field] : undefined;
  const apiKey = given('apiKey');
  const accountId = given('accountId');
  const missing = [
    ...(apiKey ? [] : ['--api-key (or STATUSCTL_API_KEY)']),
    ...(accountId ? [] : ['--account-id (or STATUSCTL_ACCOUNT_ID)']),
  ];
  if (missing.length > 0 || !apiKey || !accountId) {
    throw usageError(`not on a terminal, so nothing can be asked: login needs ${missing.join(' and ')}`);
  }
  const verdict = checkBaseUrl(settings.baseUrl);
  if (verdict !== true) throw usageError(`base URL ${settings.baseUrl}: ${verdict}`);
  return { baseUrl: settings.baseUrl, apiKey, accountId };
}

/** One request with exactly these credentials; a refusal is exit 3 and nothing is saved. */
async function checkCredentials(ctx: Context, credentials: Credentials): Promise<void> {
  const probe = new Context({ ...ctx.globals, ...credentials }, ctx.runtime);
  const client = await probe.client();
  try {
    await client.listStatusPages({ query: { limit: '1' } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      throw new CliError(
        ExitCode.auth,
        `${credentials.baseUrl} refused these credentials (${error.message}); nothing was saved`,
        error.details.map((detail) => `  ${detail.path}: ${detail.message}`).join('\n') || undefined,
      );
    }
    throw error;
  }
}
