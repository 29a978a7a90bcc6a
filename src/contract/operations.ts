// The operations table (table.ts) with its zod schemas in place of their names: what validates
// a request, checks an answer, or types a handler. The rows are written once, in table.ts;
// nothing here names an operation. Loading this module evaluates zod and every schema, so the
// CLI imports it (with `await import()`) only where something is to be validated.
import type { z } from 'zod';
import { errorStatuses, type ErrorStatus } from './error-responses.js';
import { routes, type OperationId, type Row, type Routes, type SchemaName } from './table.js';
import type { PathParamNames } from './rules.js';
import * as s from './schemas.js';

export {
  fillPath,
  pathParamNames,
  routes,
  successStatus,
  uuidParams,
  type Method,
  type OperationId,
  type Route,
  type Routes,
  type Row,
  type ToolGuide,
} from './table.js';

/** What an operation holds in place of its row's schema names: the schemas. */
export interface OperationSchemas {
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * The body without the fields the server sets (which `body` accepts and ignores): what a new
   * consumer offers a user or a model to fill in. Absent when the body has no such field.
   */
  readonly clientBody?: z.ZodType;
  /** Success responses by status; the first one is the operation's usual success. */
  readonly responses: Readonly<Record<number, z.ZodType>>;
}

/** The error statuses an operation declares (error-responses.ts), derived from its shape. */
interface OperationErrors {
  readonly errors: readonly ErrorStatus[];
}

export interface Operation extends Omit<Row, keyof OperationSchemas>, OperationSchemas, OperationErrors {}

type Schemas = typeof s;
type SchemaOf<Name> = Name extends SchemaName ? Schemas[Name] : never;
type WithSchemas<R> = {
  readonly [Key in keyof R]: Key extends 'query' | 'body' | 'clientBody'
    ? SchemaOf<R[Key]>
    : Key extends 'responses'
      ? { readonly [Status in keyof R[Key]]: SchemaOf<R[Key][Status]> }
      : R[Key];
};
export type Operations = { readonly [Id in OperationId]: WithSchemas<Routes[Id]> & OperationErrors };

/** The schemas by the names the rows give (every one of schemas.ts is in the bundle anyway). */
const byName: Readonly<Record<SchemaName, z.ZodType>> = s;

function schema(name: SchemaName): z.ZodType {
  return byName[name];
}

/** Every row with its schemas, in the order of table.ts. */
export const operations = Object.fromEntries(
  (Object.keys(routes) as OperationId[]).map((id) => {
    const row: Row = routes[id];
    const op = {
      ...row,
      ...(row.query ? { query: schema(row.query) } : {}),
      ...(row.body ? { body: schema(row.body) } : {}),
      ...(row.clientBody ? { clientBody: schema(row.clientBody) } : {}),
      responses: Object.fromEntries(Object.entries(row.responses).map(([status, name]) => [status, schema(name)])),
      errors: errorStatuses(row),
    };
    return [id, op];
  }),
) as unknown as Operations;

/** What a caller passes to an operation: its path parameters, query and body. */
export type OperationInput<Id extends OperationId> = ([PathParamNames<Operations[Id]['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<Operations[Id]['path']>, string> }) &
  (Operations[Id] extends { query: infer Q extends z.ZodType } ? { query?: z.input<Q> } : { query?: undefined }) &
  (Operations[Id] extends { body: infer B extends z.ZodType; bodyRequired: true }
    ? { body: z.input<B> }
    : Operations[Id] extends { body: infer B extends z.ZodType }
      ? { body?: z.input<B> }
      : { body?: undefined });

/** What an operation answers on success: the union of its success bodies. */
export type OperationResult<Id extends OperationId> = {
  [Status in keyof Operations[Id]['responses']]: Operations[Id]['responses'][Status] extends z.ZodType
    ? z.output<Operations[Id]['responses'][Status]>
    : never;
}[keyof Operations[Id]['responses']];
