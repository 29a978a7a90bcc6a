// Kept apart from errors.ts (which builds the error body's zod schema) so the client can name a
// status without loading zod.
import { STATUS_CODES } from 'node:http';

export function reasonPhrase(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Error';
}
