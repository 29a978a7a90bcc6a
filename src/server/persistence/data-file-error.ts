// The error a data file that cannot be used is refused with (the server does not start on it),
// and how the cause of a failed read or write is named in its messages.
export class DataFileError extends Error {
  override name = 'DataFileError';
  constructor(
    message: string,
    /** What to do about it, where a line of its own helps (the CLI shows it as its `hint:`). */
    readonly hint?: string,
  ) {
    super(message);
  }
}

export function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? message(error);
}
