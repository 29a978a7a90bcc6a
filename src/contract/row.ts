// What a row of the operations table is (table.ts merges the rows of resources/): its method,
// path and summary, what its path parameters are, its query, body and answers (by the names of
// their schemas in schemas.ts), how a lost answer of a write is settled, whether the hosted API
// has it, and its MCP tool's guide. The schemas are named, not imported (a type-only import is
// erased), so a module of rows loads no zod.
import type { AlsoAnswers } from './error-responses.js';
import type * as Schemas from './schemas.js';
import type { ToolsetName } from './toolsets.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What it takes to send a request or route one. */
export interface Route {
  readonly method: Method;
  /** Path template; `{name}` segments are path parameters (all strings, all required). */
  readonly path: string;
  readonly summary: string;
  /**
   * Set exactly when the operation takes a body (checked below at compile time). False when the
   * whole body may be left out (it is then validated as `null`).
   */
  readonly bodyRequired?: boolean;
  /**
   * Repeating the request changes nothing although its method alone does not say so (a PATCH
   * that sets values): the client retries it like a PUT.
   */
  readonly idempotent?: boolean;
  /** Routes of the reference server only, not of the hosted API (docs/api-rules.md#reference-only-inputs). */
  readonly referenceOnly?: boolean;
  /**
   * An operation the hosted API's document does not have but its vendor's own tools send
   * (docs/api-rules.md#beyond-the-hosted-document), served so they work against the reference
   * server. `of` is the method of the documented operation on the same path whose body fields
   * it takes (each one optional) and whose answer it gives; `sentBy` says who sends it. The
   * contract and parity tests hold such a row to that operation instead of comparing it with the
   * document's routes; it is no MCP tool (a model uses the documented operation).
   */
  readonly beyondDocument?: { readonly of: Method; readonly sentBy: string };
  /**
   * False where every value of the path's parameters names something, so the operation never
   * answers 404 (error-responses.ts); otherwise a path with a parameter declares it.
   */
  readonly notFound?: false;
  /**
   * Path parameters that take a name: every other path parameter of the table is a UUID, as the
   * hosted API's document says of each (its `x-format: { guid: true }`; the contract test holds
   * the table to it), so a value of another form is refused before it is sent.
   */
  readonly namedParams?: readonly string[];
  /**
   * The hosted API checks the form of the operation's ids before it looks anything up: one that
   * is not a UUID is a 400, not a 404 (its document lists a 400 here; the contract test holds
   * the table to it). The reference server answers so too (server/handlers/dispatch.ts).
   */
  readonly checksIdForm?: true;
  /**
   * Error statuses the hosted API answers besides those the operation's shape gives
   * (error-responses.ts), each with when: its document lists them, so a client meets them even
   * where the reference server never sends them.
   */
  readonly alsoAnswers?: AlsoAnswers;
  /**
   * For a write that is not idempotent: how the client finds out whether it was applied when
   * its answer is lost (a reset, a timeout, a body cut short). Required on every such route
   * (checked below at compile time), since repeating it blindly could apply it twice.
   */
  readonly readBack?: ReadBack;
}

/** A schema of schemas.ts, by its exported name. */
export type SchemaName = {
  [Name in keyof typeof Schemas]: (typeof Schemas)[Name] extends { safeParse(value: unknown): unknown } ? Name : never;
}[keyof typeof Schemas];

/** What a model is told about an operation's MCP tool, besides what the row says. */
export interface ToolGuide {
  readonly title: string;
  /** For a model: what the tool is for and which tool gives the ids it needs. */
  readonly description: string;
  /** The call can remove or overwrite what is there (hides, replaces). */
  readonly destructive?: boolean;
}

/** One row of the table. */
export interface Row extends Route {
  /** What each path parameter is and where its value comes from (all of them: checked below). */
  readonly paramDescriptions?: Readonly<Record<string, string>>;
  readonly query?: SchemaName;
  readonly body?: SchemaName;
  /**
   * The body without the fields the server sets (which `body` accepts and ignores): what a new
   * consumer offers a user or a model to fill in. Absent when the body has no such field.
   */
  readonly clientBody?: SchemaName;
  /** Success answers by status; the first one is the operation's usual success. */
  readonly responses: Readonly<Record<number, SchemaName>>;
  /** Its MCP tool: on every operation of the hosted API's document, on no reference-only or beyond-document one (checked in table.ts). */
  readonly tool?: ToolGuide;
  /** The toolset of its MCP tool (toolsets.ts): set by `define` from its module's, on every tool (checked in table.ts). */
  readonly toolset?: ToolsetName;
  /** A valid request: on every operation with a body or a query (checked in table.ts). */
  readonly sample?: Sample;
  /** The status-page event its success publishes, if any. */
  readonly publishes?: PageEvent;
}

/**
 * How a write whose answer was lost is settled (src/client/settle.ts, the finder in
 * src/client/read-back.ts).
 * - `read`: the GET operation whose answer holds what the write made; its path parameters are
 *   the write's own of the same names. A read whose query is a page (`PageQuery`) is read page
 *   by page, newest first, until the items are older than the write.
 * - `items`: the field of that answer holding the items; absent, the entries of a page.
 * - `noun`: what an item is, in words, for messages (`incident`: "reading back found the incident").
 * - `match`: the body fields an item must show as they were sent (see Match). What was made is
 *   told apart from an identical item made before by its date-times: one the server set (not
 *   sent) is on or after the write began.
 * - `none`: no read can tell; the client says the write may have been applied and never sends
 *   it again on its own.
 */
export type ReadBack =
  | 'none'
  | { readonly read: string; readonly items?: string; readonly noun: string; readonly match: Readonly<Record<string, Match>> };

/**
 * How a field sent is found in an item:
 * - `sent`: it must have been sent (else the write cannot be looked for) and the item holds the same value;
 * - `if-sent`: the same value when it was sent; when not, the server chose it: a boolean it
 *   chose is false, a date-time it chose is since the write began, anything else is not compared;
 * - `ids`: a list of references, such as services: the same set of ids (what else was sent of
 *   them, the server takes from what it stores);
 * - an object: the field is a list, and each item sent is found among the item's by these fields.
 * Date-times are compared as instants (`+01:00` and `Z` of the same moment are the same).
 */
export type Match = 'sent' | 'if-sent' | 'ids' | { readonly [field: string]: Match };

/**
 * A valid request of the operation, every field of its body present (the fields the server
 * sets too, as a fetched resource sent back holds them): the tests send it where they need a
 * request the server accepts (error answers, isolation, request rules, the MCP tools, the fuzz),
 * and the contract test holds it to the row's schemas and the hosted API's. Ids are examples of
 * their form: a test that needs the request to reach a record puts an id of its account in.
 */
export interface Sample {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/**
 * What a successful answer of the operation is published as to the open status pages
 * (src/server/pages/events.ts): `incident`, the incident it wrote changed (an `incident` event
 * to each page that shows the incident before or after the write). The incident is the path's
 * `incidentId`, or for a write that makes one, the `id` of its answer. The V3 ones go to the
 * pages of the path's `statusPageId`: `v3-incident` (an `incident` event, its id as above),
 * `v3-component` (a `component` event: the path's `componentId` or the answer's `id`) and
 * `v3-page` (a `page` event: the page itself changed). `v3-rule-incidents`: a write that feeds
 * the automation rules (a check result); each V3 incident it changed (a rule opened or resolved
 * it) is an `incident` event to that incident's page, whatever page the path names.
 */
export type PageEvent = 'incident' | 'v3-incident' | 'v3-component' | 'v3-page' | 'v3-rule-incidents';

/** Rows with the toolset their module names. */
export type InToolset<T, S extends ToolsetName> = { readonly [Id in keyof T]: T[Id] & { readonly toolset: S } };

/**
 * A resource's rows, as written (their literal types are what the completeness checks read),
 * each given the toolset named first: every module of rows of the hosted API names one, since
 * an MCP tool without a toolset is a problem of the table (table.ts).
 */
export function define<const S extends ToolsetName, const T extends Record<string, Row>>(toolset: S, rows: T): InToolset<T, S>;
/** Rows none of which is an MCP tool (the reference server's own): no toolset. */
export function define<const T extends Record<string, Row>>(rows: T): T;
export function define(first: ToolsetName | Record<string, Row>, rows?: Record<string, Row>): Record<string, Row> {
  if (typeof first !== 'string') return first;
  return Object.fromEntries(Object.entries(rows ?? {}).map(([id, row]) => [id, { ...row, toolset: first }]));
}
