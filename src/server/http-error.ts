// Errors a handler or the pipeline throws on purpose; anything else thrown is a bug (500).
import type { ErrorDetail } from '../contract/errors.js';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function notFound(what: string, id: string): HttpError {
  return new HttpError(404, `${what} ${JSON.stringify(id)} not found`);
}

/** A 400 for one field, shaped like the validation errors so clients can show it the same way. */
export function badField(path: string, message: string): HttpError {
  return new HttpError(400, `${path}: ${message}`, [{ path, message }]);
}

/** A 400 listing every bad field; the message names the first so a one-line display is useful. */
export function validationError(details: ErrorDetail[]): HttpError {
  const first = details[0];
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  const message = first ? `${first.path ? `${first.path}: ` : ''}${first.message}${more}` : 'invalid request';
  return new HttpError(400, message, details);
}
