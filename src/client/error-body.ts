// What the client reads of an error answer's body, checked before any of it is shown. Two
// shapes are taken: the reference server's (src/contract/errors.ts: `message`, and `details`
// naming each bad field of a 400) and the hosted API's, whose document leaves `message` out of
// the required fields and whose 400s may name the refused fields in `validation.keys` (with
// `validation.source`: params, query, headers or payload). Anything else in the body is
// ignored; a part of the wrong type is dropped, never shown. Loaded (with zod) only for an error
// answer that is a JSON object.
import { z } from 'zod';
import type { ErrorDetail } from '../contract/errors.js';

/** At most this many fields of a 400 are kept: enough to fix a request, not a page of them. */
export const MAX_DETAILS = 20;
/** A field's name or message longer than this is cut: no answer fills the screen. */
const MAX_DETAIL_CHARS = 200;

const Detail = z.object({ path: z.string(), message: z.string() });

const Body = z.looseObject({
  statusCode: z.number(),
  error: z.string(),
  message: z.string().optional().catch(undefined),
  details: z.array(z.unknown()).optional().catch(undefined),
  validation: z
    .looseObject({
      source: z.string().optional().catch(undefined),
      keys: z.array(z.unknown()).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
});

export interface ErrorParts {
  /** The server's own words, when it gave them. */
  message: string | undefined;
  /** The fields it refused, at most MAX_DETAILS, each cleaned by `clean`. */
  details: ErrorDetail[];
  /** How many more it named. */
  moreDetails: number;
}

/**
 * The parts of an error body the client shows, or undefined when it is not an error body
 * (no numeric statusCode and string error). `clean` turns text from the server into one
 * line fit to show (the key scrubbed, control characters removed, cut to the length given).
 */
export function errorParts(json: unknown, clean: (text: string, max: number) => string): ErrorParts | undefined {
  const parsed = Body.safeParse(json);
  if (!parsed.success) return undefined;
  const { message, details = [], validation } = parsed.data;
  const named: ErrorDetail[] = details.flatMap((item) => {
    const detail = Detail.safeParse(item);
    return detail.success ? [detail.data] : [];
  });
  // The hosted API names the keys and says what is wrong with them in its message.
  const source = validation?.source;
  for (const key of validation?.keys ?? []) {
    if (typeof key === 'string') named.push({ path: key, message: source ? `refused (in the request's ${source})` : 'refused' });
  }
  return {
    message,
    details: named.slice(0, MAX_DETAILS).map((detail) => ({
      path: clean(detail.path, MAX_DETAIL_CHARS),
      message: clean(detail.message, MAX_DETAIL_CHARS),
    })),
    moreDetails: Math.max(0, named.length - MAX_DETAILS),
  };
}
