// Pieces of the request schemas that the resources' schemas share but the contract does not
// export (schemas.ts re-exports every module of resources/*.schemas.ts, not this one).
import { z } from 'zod';

export const NonEmpty = z.string().min(1);

// Request schemas follow the upstream document field by field (spec/upstream-openapi-subset.json:
// required fields, types, enums, lengths, formats, nullability), plus docs/api-rules.md on top:
// unknown fields are errors, names and descriptions are non-empty. docs/reference-server.md
// lists every rule.

/** Upstream `x-format: { guid: true }`: a UUID string (any version). */
export const Guid = z.guid('expected a UUID');

/**
 * A field the server sets: accepted (the API's own responses carry it, so a fetched resource can
 * be sent back) and ignored. The MCP tools leave these out of their inputs.
 */
export function serverSet<T extends z.ZodType>(schema: T) {
  return schema.optional().meta({ description: 'set by the server; ignored when sent', serverSet: true });
}
