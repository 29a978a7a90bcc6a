// The hosted API's own OpenAPI document (spec/upstream-openapi-subset.json), loaded once, and
// one ajv instance that validates against it: OpenAPI 3.0 `nullable` is turned into JSON
// Schema, and the document's two extensions are honoured: `x-format: { guid: true }` (a UUID
// string) and `x-constraint: { length: N }` (exactly N items). The contract, parity, server
// and CLI tests all read the document through this module.
import { readFileSync } from 'node:fs';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

export interface UpstreamOperation {
  operationId?: string;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

export interface UpstreamDocument {
  paths: Record<string, Record<string, UpstreamOperation>>;
  components: { schemas: Record<string, unknown> };
}

export const upstream = JSON.parse(
  readFileSync(new URL('../../spec/upstream-openapi-subset.json', import.meta.url), 'utf8'),
) as UpstreamDocument;

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

// CommonJS modules seen through NodeNext typings: the classes are on `.default`.
// strict: false, so the document's descriptions, defaults and examples are not errors.
function newAjv(vendorKeywords: boolean, components: unknown = upstream.components): InstanceType<typeof Ajv.default> {
  const ajv = new Ajv.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  if (vendorKeywords) {
    ajv.addKeyword({ keyword: 'x-format', type: 'string', schemaType: 'object', validate: guid });
    ajv.addKeyword({ keyword: 'x-constraint', type: 'array', schemaType: 'object', validate: exactLength });
  }
  ajv.addSchema({ $id: 'upstream.json', components: convertNullable(components) });
  return ajv;
}

/**
 * The components as responses are checked, with the fields the server answers differently on
 * purpose: a heartbeat event's `timestamp`, typed `date` by the document, is the full date-time
 * of the ping (docs/api-rules.md#heartbeat-events), and a V3 impact window's `startedAt` and
 * `endedAt` are full date-times too. Only those fields are read otherwise.
 */
function responseComponents(): unknown {
  const components = structuredClone(upstream.components) as { schemas: Record<string, any> };
  const timestamp = components.schemas.HeartbeatsV1Event?.properties?.timestamp;
  if (timestamp?.format !== 'date')
    throw new Error('the hosted document no longer types HeartbeatsV1Event.timestamp as a date: look again');
  timestamp.format = 'date-time';
  // A V3 incident's impact windows run from a moment to a moment (docs/api-rules.md#v3-incidents).
  const window = components.schemas.PublicStatusPageV3ComponentImpactResponse?.properties;
  if (window?.startedAt?.format !== 'date' || window?.endedAt?.format !== 'date')
    throw new Error("the hosted document no longer types a V3 impact window's startedAt and endedAt as dates: look again");
  window.startedAt.format = 'date-time';
  window.endedAt.format = 'date-time';
  // Scheduled maintenance runs from a moment to a moment (docs/api-rules.md#scheduled-maintenance).
  const schemas = components.schemas;
  retype(schemas, ['MaintenanceWindow', 'startsAt', 'endsAt'], ['MaintenanceWindowMaintenance', 'startsAt', 'endsAt']);
  retype(schemas, ['Model62', 'created_at', 'previousStartsAt', 'previousEndsAt'], ['dateAdjustments', 'startsAt', 'endsAt']);
  return components;
}

/** Each [schema, ...fields] typed `date` by the document, as the date-times they are (`or`: or a date, for requests). */
function retype(schemas: Record<string, any>, ...lists: string[][]): void {
  for (const [name, ...fields] of lists) {
    for (const field of fields) {
      const property = schemas[name!]?.properties?.[field];
      if (property?.format !== 'date') throw new Error(`the hosted document no longer types ${name}.${field} as a date: look again`);
      property.format = 'date-time';
    }
  }
}

/**
 * The components as request bodies are checked: a maintenance's instants are taken as the
 * date-times they are, or as dates (midnight in the window's time zone), as the hosted API does.
 */
function requestComponents(): unknown {
  const components = structuredClone(upstream.components) as { schemas: Record<string, any> };
  for (const [name, fields] of [
    ['MaintenanceWindowCreate', ['startsAt', 'endsAt', 'repeatEndsAt']],
    ['MaintenanceWindowUpdate', ['startsAt', 'endsAt', 'repeatEndsAt']],
    ['Model63', ['startsAt', 'endsAt']],
  ] as const) {
    for (const field of fields) {
      const property = components.schemas[name]?.properties?.[field];
      if (property?.format !== 'date') throw new Error(`the hosted document no longer types ${name}.${field} as a date: look again`);
      delete property.format;
      property.anyOf = [{ format: 'date' }, { format: 'date-time' }];
    }
  }
  return components;
}

// The vendor keywords are what the hosted API enforces on what it is sent; responses are
// checked against the plain shapes (the reference server's own ids and test data need not be
// UUIDs where upstream's input rules would ask for one).
const requestAjv = newAjv(true, requestComponents());
const responseAjv = newAjv(false, responseComponents());

function local(schema: unknown): object {
  return JSON.parse(JSON.stringify(convertNullable(schema)).replaceAll('"#/components/', '"upstream.json#/components/'));
}

/** A validator of a request body schema of the document, vendor keywords included. */
export function upstreamRequestValidator(schema: unknown): ValidateFunction {
  return requestAjv.compile(local(schema));
}

/** A validator of one of the document's component schemas, by name, as a request body. */
export function upstreamComponentValidator(name: string): ValidateFunction {
  return requestAjv.compile({ $ref: `upstream.json#/components/schemas/${name}` });
}

/** A validator of a response schema of the document. */
export function upstreamResponseValidator(schema: unknown): ValidateFunction {
  return responseAjv.compile(local(schema));
}
