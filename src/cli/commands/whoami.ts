// `statusctl whoami` (also `auth status`): which credentials a command would use, where each
// came from, and whether the server takes them (one request). The key is shown masked.
import { examples } from '../command-kit.js';
import { Context, type SettingSource } from '../context.js';
import { CliError, ExitCode } from '../exit-codes.js';
import type { Program } from '../globals.js';
import { maskKey } from '../mask.js';

const DESCRIPTION =
  'Show the profile, base URL, account id, API key (masked) and proxy a command would use, where each comes from ' +
  '(option, environment, profile, default; the key: keyring, file, environment or option), and whether the server ' +
  'accepts them (one request; exit 3 if not).';

export function register(program: Program): void {
  examples(
    program
      .command('whoami')
      .description(DESCRIPTION)
      .action((_options, command) => runWhoami(Context.fromCommand(command))),
    ['statusctl whoami', 'statusctl whoami --profile staging', 'statusctl whoami -o json'],
  );
  const auth = program.command('auth').description('The credentials in use (see also login, logout, config)');
  examples(auth, ['statusctl auth status']);
  examples(
    auth
      .command('status')
      .description(DESCRIPTION)
      .action((_options, command) => runWhoami(Context.fromCommand(command))),
    ['statusctl auth status', 'statusctl auth status -o json'],
  );
}

interface Shown {
  value: string | null;
  source: SettingSource;
}

interface Verdict {
  accepted: boolean;
  /** The HTTP status of the check, or null when no request could be made. */
  status: number | null;
  message: string;
  /** Why the check itself failed (no answer, a 500...): the command's error, after the settings. */
  failure?: unknown;
}

async function runWhoami(ctx: Context): Promise<void> {
  const settings = await ctx.settings();
  const profileSource: SettingSource = ctx.globals.profile ? 'option' : ctx.env.STATUSCTL_PROFILE ? 'environment' : 'default';
  const shown: Record<'profile' | 'baseUrl' | 'accountId' | 'apiKey', Shown> = {
    profile: { value: settings.profile, source: profileSource },
    baseUrl: { value: settings.baseUrl, source: settings.sources.baseUrl },
    accountId: { value: settings.accountId ?? null, source: settings.sources.accountId },
    apiKey: { value: settings.apiKey ? maskKey(settings.apiKey) : null, source: settings.sources.apiKey },
  };
  const network = await ctx.network();
  const proxy = {
    value: network.proxyShown ?? null,
    source: settings.sources.proxy,
    ...(network.proxyFrom ? { from: network.proxyFrom } : {}),
    used: network.proxy !== undefined,
    ...(network.bypassedBy ? { bypassedBy: network.bypassedBy } : {}),
  };
  const verdict = await check(ctx, Boolean(settings.apiKey));
  const { failure, ...server } = verdict;
  if (ctx.json) await ctx.printJson({ ...shown, proxy, server });
  else {
    const { renderFields } = await import('../output/cells.js');
    const line = ({ value, source }: Shown) => `${value ?? '(not set)'} (${source})`;
    ctx.out(
      await renderFields(ctx, [
        ['profile', line(shown.profile)],
        ['base URL', line(shown.baseUrl)],
        ['account id', line(shown.accountId)],
        ['API key', line(shown.apiKey)],
        ['proxy', proxyLine(proxy)],
        [
          'server',
          verdict.accepted
            ? ctx.style.green(verdict.message)
            : ctx.style.red(`${failure === undefined ? 'refuses them' : 'not checked'}: ${verdict.message}`),
        ],
      ]),
    );
  }
  // The settings are shown whatever the check found: with the server down, they are what to look at.
  if (failure !== undefined) throw failure;
  if (!verdict.accepted) {
    throw new CliError(
      ExitCode.auth,
      settings.apiKey ? `the server refuses these credentials: ${verdict.message}` : 'no API key',
      undefined,
      "run 'statusctl login' (or pass --api-key, or set STATUSCTL_API_KEY)",
    );
  }
}

/** The proxy in use and where it comes from, or why none is. */
function proxyLine(proxy: { value: string | null; from?: string; used: boolean; bypassedBy?: string }): string {
  if (proxy.value === null) return '(not set) (unset)';
  if (!proxy.used) return `none: NO_PROXY=${proxy.bypassedBy ?? ''} sends this base URL direct (${proxy.value} from ${proxy.from})`;
  return `${proxy.value} (from ${proxy.from})`;
}

/** One request that needs the key; a refusal is a verdict, any other failure is the command's (after the settings). */
async function check(ctx: Context, hasKey: boolean): Promise<Verdict> {
  if (!hasKey) return { accepted: false, status: null, message: 'no API key to ask with' };
  const client = await ctx.client();
  const { ApiError } = await import('../../client/errors.js');
  try {
    const pages = await client.listStatusPages({ query: { limit: '1' } });
    return { accepted: true, status: 200, message: `accepts them (${pages.length ? 'status pages readable' : 'no status pages yet'})` };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      return { accepted: false, status: error.status, message: error.message };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { accepted: false, status: error instanceof ApiError ? (error.status ?? null) : null, message, failure: error };
  }
}
