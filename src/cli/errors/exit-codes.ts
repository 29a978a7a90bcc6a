// Exit codes are part of the CLI's contract with scripts (docs/cli.md): never renumber them.
export const ExitCode = {
  ok: 0,
  /** API or network failure. */
  failure: 1,
  /** Unknown command, bad or missing option or argument. */
  usage: 2,
  /** No credentials, 401, 403. */
  auth: 3,
  /** 404. */
  notFound: 4,
  /** A threshold was not met (heartbeats availability --fail-under). */
  threshold: 5,
  /** Interrupted (Ctrl-C, SIGINT), as shells report it: 128 + 2. */
  interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A failure the CLI reports on stderr (src/cli/errors/error-format.ts) and turns into an exit code. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    readonly exitCode: ExitCode,
    message: string,
    /** Shown only with --verbose. */
    readonly detail?: string,
    /** One line on what to do about it (`hint: ...`), where that helps. */
    readonly hint?: string,
  ) {
    super(message);
  }
}

export const usageError = (message: string, hint?: string) => new CliError(ExitCode.usage, message, undefined, hint);
