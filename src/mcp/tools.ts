// The MCP tools, generated from the operations table: one per operation of the hosted API's
// document (reference-only routes are not tools, nor those beyond the document: a model uses the
// documented operation), named after the operation id in snake_case. Arguments are the path
// parameters, the query parameters and the body's fields, all at the top level; the input
// schema is the contract's own zod schemas put side by side, turned into JSON Schema by zod:
// the body as a client writes it (the contract's clientBody, without the fields the server sets),
// each field with the contract's description.
//
// What a model should use a tool for, where its ids come from, and whether a call destroys what
// is there is the row's `tool`, which every operation of the hosted API has (checked at compile
// time in table.ts).
import { z } from 'zod';
import { isIdempotent } from '../contract/table.js';
import { operations, pathParamNames, uuidParams, type Operation, type OperationId } from '../contract/operations.js';
import type { ToolsetName } from '../contract/toolsets.js';
import { toolName, toolsetOf } from './toolsets.js';

export { toolName } from './toolsets.js';

type PublicId = {
  [Id in OperationId]: (typeof operations)[Id] extends { referenceOnly: true } | { beyondDocument: object } ? never : Id;
}[OperationId];

/** Whether the operation is a tool: one of the hosted API's document. */
function isPublic(id: OperationId): id is PublicId {
  return !('referenceOnly' in operations[id]) && !('beyondDocument' in operations[id]);
}

export interface ToolDefinition {
  name: string;
  operationId: PublicId;
  /** The toolset that serves it (src/contract/toolsets.ts). */
  toolset: ToolsetName;
  title: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  outputSchema?: { type: 'object'; [key: string]: unknown };
  /** True when the response body is not an object and structuredContent wraps it as {result}. */
  wrapsResult: boolean;
  annotations: { title: string; readOnlyHint: boolean; idempotentHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
  pathParams: string[];
  /** The path parameters the API takes only as a UUID (the operations table's word). */
  uuidParams: string[];
  queryFields: string[];
  bodyFields: string[];
}

/** A body schema's object: a nullable body (a request analysis) is sent as an object anyway. */
function objectOf(schema: z.ZodType | undefined): z.ZodObject | undefined {
  if (!schema) return undefined;
  const inner = schema instanceof z.ZodNullable ? schema.unwrap() : schema;
  if (!(inner instanceof z.ZodObject))
    throw new TypeError('a body or query schema that is not an object cannot be spread into tool arguments');
  return inner;
}

/** JSON Schema of what the API accepts or sends, without zod's `$schema` line. */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  // 'input': zod's output mode would add additionalProperties: false to every object, and the
  // hosted API may send fields newer than the contract; clients validate structuredContent.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function define(id: PublicId): ToolDefinition {
  const op: Operation = operations[id];
  const guide = op.tool;
  const toolset = toolsetOf(id);
  if (!guide || !toolset) throw new TypeError(`${id}: the operations table gives no tool guide or no toolset`);
  const pathParams = pathParamNames(op.path);
  const query = objectOf(op.query);
  const body = objectOf(op.clientBody ?? op.body);
  const shape: Record<string, z.ZodType> = {};
  for (const name of pathParams) {
    const description = op.paramDescriptions?.[name];
    if (!description) throw new TypeError(`${id}: the contract gives no description of the path parameter ${name}`);
    shape[name] = (uuidParams(op).includes(name) ? z.guid() : z.string().min(1)).meta({ description });
  }
  for (const part of [query, body]) {
    for (const [name, field] of Object.entries(part?.shape ?? {})) {
      if (Object.hasOwn(shape, name)) throw new TypeError(`${id}: argument ${name} would be both a path, query or body field`);
      shape[name] = field as z.ZodType;
    }
  }
  // A body that may be null (request_root_cause_analysis) has only optional fields: fine as is.
  const inputSchema = jsonSchema(z.strictObject(shape)) as ToolDefinition['inputSchema'];

  const responses = Object.values(op.responses);
  const success = responses.length === 1 ? responses[0]! : z.union(responses as [z.ZodType, z.ZodType]);
  const output = jsonSchema(success);
  // structuredContent must be an object: an array or a nullable body goes in {result}.
  const isObject =
    output.type === 'object' ||
    (Array.isArray(output.anyOf) && output.anyOf.every((branch) => (branch as { type?: string }).type === 'object'));
  const wrapsResult = !isObject;
  const outputSchema = (
    isObject
      ? { type: 'object', ...output }
      : { type: 'object', properties: { result: output }, required: ['result'], additionalProperties: false }
  ) as ToolDefinition['outputSchema'];

  const readOnly = op.method === 'GET';
  return {
    name: toolName(id),
    operationId: id,
    toolset,
    title: guide.title,
    description: `${guide.description}\n\n(${op.method} ${op.path}: ${op.summary}.)`,
    inputSchema,
    outputSchema,
    wrapsResult,
    annotations: {
      title: guide.title,
      readOnlyHint: readOnly,
      // From the contract's route, as the client's retries are: one place says what a repeat does.
      idempotentHint: isIdempotent(op),
      destructiveHint: !readOnly && guide.destructive === true,
      // The tools act on a hosted service outside this process.
      openWorldHint: true,
    },
    pathParams,
    uuidParams: uuidParams(op),
    queryFields: Object.keys(query?.shape ?? {}),
    bodyFields: Object.keys(body?.shape ?? {}),
  };
}

/** The tools of `toolsets` (every one's unless given), in the order of the operations table. */
export function defineTools(toolsets?: readonly ToolsetName[]): ToolDefinition[] {
  const served = (id: PublicId) => !toolsets || toolsets.includes(toolsetOf(id)!);
  return (Object.keys(operations) as OperationId[]).filter(isPublic).filter(served).map(define);
}
