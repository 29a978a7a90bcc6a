// What a row of the operations table is (table.ts merges the rows of resources/): its method,
// path and summary, what its path parameters are, its query, body and answers (by the names of
// their schemas in schemas.ts), how a lost answer of a write is settled, whether the hosted API
// has it, and its MCP tool's guide. The schemas are named, not imported (a type-only import is
// erased), so a module of rows loads no zod.
import type { AlsoAnswers } from './error-responses.js';
import type * as Schemas from './schemas.js';

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
  /** Its MCP tool: on every operation of the hosted API, on no reference-only one (checked below). */
  readonly tool?: ToolGuide;
}

/**
 * How a write whose answer was lost is settled (src/client/settle.ts).
 * - `read`: the GET operation whose answer holds what the write made; its path parameters are
 *   the write's own of the same names.
 * - `find`: what to look for in that answer: `sent-incident` (an incident of the list with the
 *   name, severity, services and first update that were sent, created since the write began)
 *   or `sent-update` (an update of the incident's timeline with the text, status and notify
 *   flag that were sent, dated since the write began).
 * - `none`: no read can tell; the client says the write may have been applied and never sends
 *   it again on its own.
 */
export type ReadBack = 'none' | { readonly read: 'listIncidents' | 'getIncident'; readonly find: 'sent-incident' | 'sent-update' };
/** A resource's rows, as written (their literal types are what the completeness checks read). */
export function define<const T extends Record<string, Row>>(rows: T): T {
  return rows;
}
