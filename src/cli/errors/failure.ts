// Turns anything a command throws into one line on stderr and a documented exit code.
import { AnswerShapeError, ApiError, WriteMayBeAppliedError } from '../../client/errors.js';
import { errorCode } from '../../client/failures.js';
import { DEFAULT_BASE_URL } from '../../contract/rules.js';
import { describeSource, type Settings } from '../settings/resolve.js';
import { CliError, ExitCode } from './exit-codes.js';
import { writeCheckHint } from './write-check.js';
import { networkHint } from './network-hints.js';
import { terminalText } from '../output/terminal-text.js';

export interface Failure {
  exitCode: ExitCode;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
}

const AUTH_HINTS: Partial<Record<number, string>> = {
  401: "the server does not know this key: run 'statusctl login' to check and save a working one (or see 'statusctl config list')",
  403: "the key belongs to another account than the account id sent: 'statusctl config list' shows both and where each comes from",
};

/**
 * For a server that cannot be reached: which base URL was asked and where that came from, since
 * that is what to check first; the local default is the reference server, not yet started.
 */
function unreachableHint(error: ApiError, settings: Settings | undefined): string | undefined {
  if (error.kind !== 'network' || !settings) return undefined;
  const code = errorCode(error.cause);
  const from = describeSource(settings, 'baseUrl');
  const change = "another with --base-url, STATUSCTL_BASE_URL or 'statusctl login'";
  if (code === 'ECONNREFUSED') {
    if (settings.sources.baseUrl === 'default' || settings.baseUrl.replace(/\/+$/, '') === DEFAULT_BASE_URL) {
      return `nothing listens at ${settings.baseUrl} (from ${from}): start the reference server with 'statusctl server', or use ${change}`;
    }
    return `nothing listens at ${settings.baseUrl} (from ${from}): is the server up and the port right? Or use ${change}`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `the host of ${settings.baseUrl} (from ${from}) is not known to DNS: check its spelling, or use ${change}`;
  }
  return undefined;
}

/**
 * A 402: the operation's row says when the hosted API answers it (a plan that does not include
 * root cause analyses, or their quota used up); what to do is the account's owner's business.
 */
function paymentHint(error: ApiError): string {
  const when = lowerFirst(error.operation?.when ?? "The account's plan does not include this, or its quota of it is used up");
  return `${when}: nothing was started; the plan and its usage are in the account's billing settings: upgrade the plan or wait for the quota to renew, then run the command again`;
}

/** The names the hosted API and the reference server give the account header. */
const ACCOUNT_HEADER = /^x-(service|checkly)-account$/i;

/**
 * A 400: the fields the answer names (its `details`, or the hosted API's `validation.keys`, or a
 * name quoted at the start of its message), and the fix. The account header is a setting, so
 * its fix is where that setting comes from.
 */
function badRequestHint(error: ApiError, settings: Settings | undefined): string {
  const quoted = /^"([\w.[\]-]{1,100})"/.exec(error.serverMessage ?? '')?.[1];
  const fields = error.details.length > 0 ? error.details.map((detail) => detail.path) : quoted ? [quoted] : [];
  if (fields.some((field) => ACCOUNT_HEADER.test(field))) {
    const given = settings?.accountId === undefined ? '' : ` "${settings.accountId}" (from ${describeSource(settings, 'accountId')})`;
    return `the account id${given} is not one the server takes (a UUID, shown in the account's settings): set it with --account-id, STATUSCTL_ACCOUNT_ID or 'statusctl login'`;
  }
  if (fields.length === 0) {
    return "the answer names no field: check the ids and values given against the command's --help; --verbose shows each request sent";
  }
  const more = error.moreDetails > 0 ? ` and ${error.moreDetails} more` : '';
  const named = fields.slice(0, 3).join(', ') + (fields.length > 3 ? ` and ${fields.length - 3 + error.moreDetails} more` : more);
  return `the server refused ${named}: fix ${fields.length > 1 ? 'them' : 'it'} as the message says (--verbose lists what it said of each), then run the command again`;
}

/** What to do about a 404 that an operation without ids declares, by the operation. */
const DECLARED_NOT_FOUND: Readonly<Record<string, string>> = {
  createIncident: "a service of the incident is not one of the account's (any more): 'statusctl services list' shows those it has",
};

/**
 * A 404 to a path with no id in it: declared (a service of a new incident the account does not
 * have), what to do about it; otherwise only a route the server does not serve answers it, so
 * the base URL is not the API's.
 */
function noIdNotFoundHint(error: ApiError, settings: Settings | undefined): string {
  const operation = error.operation!;
  const declared = operation.declares ? (DECLARED_NOT_FOUND[operation.id] ?? operation.when) : undefined;
  if (declared) return declared;
  const where = settings ? `${settings.baseUrl} (from ${describeSource(settings, 'baseUrl')})` : 'the base URL';
  return `the server does not serve this route: is ${where} the status-page API's root? statusctl puts /v1 in front of every path itself`;
}

/** What to do about an error answer, by its status and what the answer and its operation say. */
function answerHint(error: ApiError, settings: Settings | undefined): string | undefined {
  if (error.status === 400) return badRequestHint(error, settings);
  if (error.status === 402) return paymentHint(error);
  if (error.status === 404 && error.operation && !error.operation.hasPathIds) return noIdNotFoundHint(error, settings);
  return error.status === undefined ? undefined : AUTH_HINTS[error.status];
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** An answer the API cannot give: most often the base URL is another service's. */
function answerShapeHint(settings: Settings | undefined): string | undefined {
  if (!settings) return undefined;
  return `is ${settings.baseUrl} (from ${describeSource(settings, 'baseUrl')}) the status-page API? --verbose lists every field that differs`;
}

/**
 * How a failure is shown. The detail (--verbose) and the hint, which commands also print
 * themselves (a hint beside an id), are made safe for the terminal here (output/terminal-text.ts);
 * the message is, where it is shown: formatError, a bulk line, a table cell. It stays as it is
 * for the `error` of -o json.
 */
export function describeFailure(error: unknown, settings?: Settings): Failure {
  const failure = describeRaw(error, settings);
  return {
    ...failure,
    detail: failure.detail === undefined ? undefined : terminalText(failure.detail),
    hint: failure.hint === undefined ? undefined : terminalText(failure.hint),
  };
}

function describeRaw(error: unknown, settings?: Settings): Failure {
  if (error instanceof CliError) return { exitCode: error.exitCode, message: error.message, detail: error.detail, hint: error.hint };
  if (error instanceof ApiError) {
    const exitCode =
      error.status === 401 || error.status === 403 ? ExitCode.auth : error.status === 404 ? ExitCode.notFound : ExitCode.failure;
    const detail =
      [
        ...error.details.map((d) => `  ${d.path}: ${d.message}`),
        ...(error.moreDetails > 0 ? [`  … and ${error.moreDetails} more`] : []),
      ].join('\n') || undefined;
    // Never 0: it may have been applied, and that is for the user to check (exit 1).
    if (error instanceof WriteMayBeAppliedError)
      return { exitCode: ExitCode.failure, message: error.message, detail, hint: writeCheckHint(error) };
    const hint =
      error instanceof AnswerShapeError
        ? answerShapeHint(settings)
        : error.status === undefined
          ? (networkHint(error) ?? unreachableHint(error, settings))
          : answerHint(error, settings);
    return { exitCode, message: error.message, detail, hint };
  }
  if (error instanceof Error && error.name === 'RequestValidationError') {
    return { exitCode: ExitCode.usage, message: error.message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    exitCode: ExitCode.failure,
    message: `unexpected error: ${message}`,
    detail: error instanceof Error ? error.stack : undefined,
  };
}
