// Exit codes are part of the CLI's contract with scripts (spec/CLI.md): never renumber them.
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
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A failure the CLI reports as one line on stderr and turns into an exit code. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    readonly exitCode: ExitCode,
    message: string,
    /** Shown only with --verbose. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(ExitCode.usage, message);
