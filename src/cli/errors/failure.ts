// Turns anything a command throws into one line on stderr and a documented exit code.
import { AnswerShapeError, ApiError, WriteMayBeAppliedError } from '../../client/errors.js';
import { errorCode } from '../../client/failures.js';
import { DEFAULT_BASE_URL } from '../../contract/rules.js';
import { describeSource, type Settings } from '../settings/resolve.js';
import { CliError, ExitCode } from './exit-codes.js';
import { writeCheckHint } from './write-check.js';
import { networkHint } from './network-hints.js';

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

/** An answer the API cannot give: most often the base URL is another service's. */
function answerShapeHint(settings: Settings | undefined): string | undefined {
  if (!settings) return undefined;
  return `is ${settings.baseUrl} (from ${describeSource(settings, 'baseUrl')}) the status-page API? --verbose lists every field that differs`;
}

export function describeFailure(error: unknown, settings?: Settings): Failure {
  if (error instanceof CliError) return { exitCode: error.exitCode, message: error.message, detail: error.detail, hint: error.hint };
  if (error instanceof ApiError) {
    const exitCode =
      error.status === 401 || error.status === 403 ? ExitCode.auth : error.status === 404 ? ExitCode.notFound : ExitCode.failure;
    const detail = error.details.map((d) => `  ${d.path}: ${d.message}`).join('\n') || undefined;
    // Never 0: it may have been applied, and that is for the user to check (exit 1).
    if (error instanceof WriteMayBeAppliedError)
      return { exitCode: ExitCode.failure, message: error.message, detail, hint: writeCheckHint(error) };
    const hint =
      error instanceof AnswerShapeError
        ? answerShapeHint(settings)
        : error.status === undefined
          ? (networkHint(error) ?? unreachableHint(error, settings))
          : AUTH_HINTS[error.status];
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
