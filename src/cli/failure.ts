// Turns anything a command throws into one line on stderr and a documented exit code.
import { ApiError } from '../client/errors.js';
import { CliError, ExitCode } from './exit-codes.js';

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

export function describeFailure(error: unknown): Failure {
  if (error instanceof CliError) return { exitCode: error.exitCode, message: error.message, detail: error.detail, hint: error.hint };
  if (error instanceof ApiError) {
    const exitCode =
      error.status === 401 || error.status === 403 ? ExitCode.auth : error.status === 404 ? ExitCode.notFound : ExitCode.failure;
    const detail = error.details.map((d) => `  ${d.path}: ${d.message}`).join('\n') || undefined;
    return { exitCode, message: error.message, detail, hint: error.status === undefined ? undefined : AUTH_HINTS[error.status] };
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
