// The hosted API's request schemas (spec/upstream-openapi-subset.json) as ajv validators: what a
// real deployment would accept as the body of each operation. OpenAPI 3.0 `nullable` and the
// document's two extensions are honoured: `x-format: { guid: true }` (a UUID string) and
// `x-constraint: { length: N }` (exactly N items).
import { readFileSync } from 'node:fs';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { routes, type OperationId } from '../../src/contract/routes.js';

interface UpstreamOperation {
  operationId?: string;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
}

const upstream = JSON.parse(readFileSync(new URL('../../spec/upstream-openapi-subset.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, UpstreamOperation>>;
  components: unknown;
};

/** OpenAPI 3.0 `nullable: true` becomes a JSON Schema type union (or an anyOf with null). */
export function convertNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convertNullable);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = convertNullable(value);
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    if (typeof out.$ref === 'string') return { anyOf: [{ $ref: out.$ref }, { type: 'null' }] };
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// strict: false, so the document's descriptions, defaults and examples are not errors.
const ajv = new Ajv.default({ strict: false, allErrors: true });
addFormats.default(ajv);
/** A keyword's check; ajv reads the errors of a failed check from the function itself. */
type KeywordCheck<Schema, Data> = ((schema: Schema, data: Data) => boolean) & { errors?: Partial<ErrorObject>[] };

const guid: KeywordCheck<{ guid?: boolean }, string> = (schema, data) => {
  if (!schema.guid || UUID.test(data)) return true;
  guid.errors = [{ keyword: 'x-format', message: 'must be a UUID (x-format guid)', params: {} }];
  return false;
};
const exactLength: KeywordCheck<{ length?: number }, unknown[]> = (schema, data) => {
  if (schema.length === undefined || data.length === schema.length) return true;
  exactLength.errors = [
    { keyword: 'x-constraint', message: `must hold exactly ${schema.length} item(s) (x-constraint length)`, params: {} },
  ];
  return false;
};
ajv.addKeyword({ keyword: 'x-format', type: 'string', schemaType: 'object', validate: guid });
ajv.addKeyword({ keyword: 'x-constraint', type: 'array', schemaType: 'object', validate: exactLength });
ajv.addSchema({ $id: 'upstream.json', components: convertNullable(upstream.components) });

interface BodyRule {
  upstreamId: string;
  required: boolean;
  validate: ValidateFunction;
}
const rules = new Map<OperationId, BodyRule | null>();

/** The upstream body rule of one of our operations; null when upstream has no body for it. */
function bodyRule(id: OperationId): BodyRule | null {
  if (!rules.has(id)) {
    const route = routes[id];
    const op = upstream.paths[route.path]?.[route.method.toLowerCase()];
    const schema = op?.requestBody?.content?.['application/json']?.schema;
    rules.set(
      id,
      op && schema
        ? {
            upstreamId: op.operationId ?? id,
            required: op.requestBody?.required ?? false,
            validate: ajv.compile(
              JSON.parse(JSON.stringify(convertNullable(schema)).replaceAll('"#/components/', '"upstream.json#/components/')),
            ),
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
