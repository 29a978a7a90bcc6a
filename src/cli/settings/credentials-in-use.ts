// What `whoami` and `auth status` report: the credentials a command would use, where each came
// from, and whether the server takes them (one request). The key is shown masked. Both commands
// print the report with whoami's renderer; the report is built here, where both may import it.
import type { Context } from '../runtime/context.js';
import type { SettingSource } from './resolve.js';
import { CliError, ExitCode } from '../errors/exit-codes.js';
import { looksLikeKey, maskKey } from './mask.js';
import { ApiError } from '../../client/errors.js';

/** The description of both commands. */
export const CREDENTIALS_IN_USE_HELP =
  'Show the profile, base URL, account id, API key (masked) and proxy a command would use, where each comes from ' +
  '(option, environment, profile, default; the key: keyring, file, environment or option), and whether the server ' +
  'accepts them (one request; exit 3 if not).';

export interface Shown {
  value: string | null;
  source: SettingSource;
}

export interface ProxyInUse extends Shown {
  from?: string;
  used: boolean;
  bypassedBy?: string;
}

export interface Verdict {
  accepted: boolean;
  /** The HTTP status of the check, or null when no request could be made. */
  status: number | null;
  message: string;
}

/** The report as -o json prints it. */
export interface CredentialsInUse {
  profile: Shown;
  baseUrl: Shown;
  accountId: Shown;
  apiKey: Shown;
  proxy: ProxyInUse;
  server: Verdict;
}

export interface Inspection {
  report: CredentialsInUse;
  /** Whether the server gave a verdict; false when the check itself failed (no answer, a 500...). */
  checked: boolean;
  /** The command's error, thrown after the report is shown: the check's own failure, or the refusal (exit 3). */
  error?: unknown;
}

/** A setting as the report shows it: a key pasted into it is not (the report may go to a CI log). */
const unlessKey = (value: string, key: string | undefined) => (looksLikeKey(value, key) ? '(looks like an API key; not shown)' : value);

export async function inspectCredentials(ctx: Context): Promise<Inspection> {
  const settings = await ctx.settings();
  const profileSource: SettingSource = ctx.profileChoice.source;
  const network = await ctx.network();
  const { failure, ...server } = await check(ctx, Boolean(settings.apiKey));
  const report: CredentialsInUse = {
    profile: { value: settings.profile, source: profileSource },
    baseUrl: { value: unlessKey(settings.baseUrl, settings.apiKey), source: settings.sources.baseUrl },
    accountId: { value: settings.accountId ? unlessKey(settings.accountId, settings.apiKey) : null, source: settings.sources.accountId },
    apiKey: { value: settings.apiKey ? maskKey(settings.apiKey) : null, source: settings.sources.apiKey },
    proxy: {
      value: network.proxyShown ?? null,
      source: settings.sources.proxy,
      ...(network.proxyFrom ? { from: network.proxyFrom } : {}),
      used: network.proxy !== undefined,
      ...(network.bypassedBy ? { bypassedBy: network.bypassedBy } : {}),
    },
    server,
  };
  if (failure !== undefined) return { report, checked: false, error: failure };
  if (server.accepted) return { report, checked: true };
  const error = new CliError(
    ExitCode.auth,
    settings.apiKey ? `the server refuses these credentials: ${server.message}` : 'no API key',
    undefined,
    "run 'statusctl login' (or pass --api-key, or set STATUSCTL_API_KEY)",
  );
  return { report, checked: true, error };
}

/** One request that needs the key; a refusal is a verdict, any other failure is the command's (after the settings). */
async function check(ctx: Context, hasKey: boolean): Promise<Verdict & { failure?: unknown }> {
  if (!hasKey) return { accepted: false, status: null, message: 'no API key to ask with' };
  const client = await ctx.client();
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
