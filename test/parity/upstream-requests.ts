// The hosted API's request schemas (spec/upstream-openapi-subset.json, through
// test/support/upstream-spec.ts) as validators: what a real deployment would accept as the body
// of each operation. A row beyond the document is checked against the operation it follows.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { routes, type OperationId, type Row } from '../../src/contract/table.js';
import { upstream, upstreamRequestValidator } from '../support/upstream-spec.js';

interface BodyRule {
  upstreamId: string;
  required: boolean;
  validate: ValidateFunction;
}
const rules = new Map<OperationId, BodyRule | null>();

/**
 * The request schema of a row beyond the document (row.ts, beyondDocument): that of the
 * documented operation it follows, every field optional (its `required` dropped), as the hosted
 * API would take each field it is sent.
 */
function withoutRequired(schema: unknown): unknown {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  if (!ref) return schema;
  const { required: _, ...rest } = upstream.components.schemas[ref.split('/').pop()!] as { required?: string[] };
  return rest;
}

/** The upstream body rule of one of our operations; null when upstream has no body for it. */
function bodyRule(id: OperationId): BodyRule | null {
  if (!rules.has(id)) {
    const route: Row = routes[id];
    const beyond = route.beyondDocument;
    const op = upstream.paths[route.path]?.[(beyond?.of ?? route.method).toLowerCase()];
    const documented = op?.requestBody?.content?.['application/json']?.schema;
    const schema = beyond ? withoutRequired(documented) : documented;
    rules.set(
      id,
      op && schema
        ? {
            upstreamId: op.operationId ?? id,
            required: op.requestBody?.required ?? false,
            validate: upstreamRequestValidator(schema),
          }
        : null,
    );
  }
  return rules.get(id)!;
}

/** `/services/0/name` as `services[0].name`, the notation of the server's error details. */
function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath.split('/').slice(1);
  if (error.keyword === 'required') segments.push(String((error.params as { missingProperty: string }).missingProperty));
  let out = '';
  for (const segment of segments) out += /^\d+$/.test(segment) ? `[${segment}]` : out ? `.${segment}` : segment;
  return out || '(body)';
}

/** Whether the upstream document describes a request body for this operation. */
export function upstreamHasBody(id: OperationId): boolean {
  return bodyRule(id) !== null;
}

/**
 * What the hosted API would refuse in this body (the JSON text as sent, or undefined for none):
 * one `field: message` per problem, empty when it would accept it.
 */
export function upstreamBodyProblems(id: OperationId, payload: string | undefined): string[] {
  if (!Object.hasOwn(routes, id)) return [`unknown operation ${id}`];
  const rule = bodyRule(id);
  if (!rule) return [];
  if (payload === undefined) return rule.required ? ['(body): is required'] : [];
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return ['(body): is not JSON'];
  }
  if (rule.validate(body)) return [];
  return (rule.validate.errors ?? []).map((error) =>
    error.keyword === 'required' ? `${fieldOf(error)}: is required` : `${fieldOf(error)}: ${error.message ?? 'is invalid'}`,
  );
}
