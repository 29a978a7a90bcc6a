// Builds the OpenAPI 3.1 document the server publishes at /openapi.json from the operations
// table, so the document can never drift from what the server and client do.
import { z } from 'zod';
import { ERROR_RESPONSES } from './error-responses.js';
import { ErrorBody } from './errors.js';
import { operations, pathParamNames, type Operation } from './operations.js';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' });

function queryParameters(op: Operation) {
  if (!op.query) return [];
  // The output side shows `limit` as the integer it is, not as the digits it arrives as.
  const schema = jsonSchema(op.query, 'output') as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: 'query', required: schema.required?.includes(name) ?? false, description, schema: rest };
  });
}

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

export function buildOpenApiDocument(serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, op] of Object.entries(operations) as [string, Operation][]) {
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(op.responses)) {
      if (status === '204') {
        responses[status] = { description: 'No Content' };
        continue;
      }
      responses[status] = {
        description: status === '202' ? 'Accepted' : status === '201' ? 'Created' : 'Successful',
        content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
      };
    }
    for (const status of op.errors) responses[status] = errorResponse(op.alsoAnswers?.[status] ?? ERROR_RESPONSES[status]);
    const parameters = [
      ...pathParamNames(op.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...queryParameters(op),
      {
        name: 'x-service-account',
        in: 'header',
        required: false,
        description: "Account id; absent, the key's account is used",
        schema: { type: 'string' },
      },
    ];
    const operation: Record<string, unknown> = { operationId, summary: op.summary, parameters, responses };
    if (op.referenceOnly) operation.tags = ['reference-server'];
    if (op.beyondDocument) operation.tags = ['beyond-hosted-document'];
    if (op.body) {
      operation.requestBody = {
        required: op.bodyRequired ?? false,
        content: { 'application/json': { schema: jsonSchema(op.body, 'input') } },
      };
    }
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Status-page incident and diagnostics API (statusctl reference server)', version: '1.0.0' },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ Bearer: [] }],
    paths,
    components: {
      securitySchemes: { Bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: jsonSchema(ErrorBody, 'output') },
    },
  };
}
