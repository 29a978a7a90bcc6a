// The one error body of the API (docs/api-rules.md#errors), shared by server and client.
import { z } from 'zod';
import { reasonPhrase } from './reason-phrase.js';

export { reasonPhrase } from './reason-phrase.js';

export const ErrorDetail = z.object({ path: z.string(), message: z.string() });

export const ErrorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  details: z.array(ErrorDetail).optional(),
});

export type ErrorDetail = z.infer<typeof ErrorDetail>;
export type ErrorBody = z.infer<typeof ErrorBody>;

export function errorBody(statusCode: number, message: string, details?: ErrorDetail[]): ErrorBody {
  return details
    ? { statusCode, error: reasonPhrase(statusCode), message, details }
    : { statusCode, error: reasonPhrase(statusCode), message };
}
