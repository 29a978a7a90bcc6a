// The operations table: every operation of the API, each written once in one row, in the module
// of its resource (resources/), and merged here. The client's methods, the server's router and
// handler types, the MCP tools and the OpenAPI document are all made from it.
//
// This module loads no zod: a row names its schemas instead of importing them, and operations.ts
// puts the zod schemas in place of the names. So the client sends a request without a query or a
// body (`statusctl runtimes list`) without evaluating zod, and loads operations.ts (with
// `await import()`) when there is something to validate.
import type { PathParamNames } from './rules.js';
import { analysisRows } from './resources/analyses.js';
import { checkRows } from './resources/checks.js';
import { checkSessionRows } from './resources/check-sessions.js';
import { checkStatusRows } from './resources/check-statuses.js';
import { testSessionErrorGroupRows } from './resources/test-session-error-groups.js';
import { testSessionRows } from './resources/test-sessions.js';
import { errorGroupRows } from './resources/error-groups.js';
import { heartbeatRows } from './resources/heartbeats.js';
import { incidentUpdateRows } from './resources/incident-updates.js';
import { incidentRows } from './resources/incidents.js';
import { maintenanceWindowRows } from './resources/maintenance-windows.js';
import { referenceRows } from './resources/reference.js';
import { runtimeRows } from './resources/runtimes.js';
import { serviceRows } from './resources/services.js';
import { statusPageRows } from './resources/status-pages.js';
import { subscriptionRows } from './resources/subscriptions.js';
import { v3IncidentUpdateRows } from './resources/v3-incident-updates.js';
import { v3IncidentRows } from './resources/v3-incidents.js';
import { v3ComponentRows } from './resources/v3-components.js';
import { v3StatusPageRows } from './resources/v3-status-pages.js';
import { v3AutomationRuleRows } from './resources/v3-automation-rules.js';
import { v3SubscriberRows } from './resources/v3-subscribers.js';
import type { Route, Row, Sample } from './row.js';

export { pathParamNames, uuidParams } from './rules.js';
export type { Match, Method, PageEvent, ReadBack, Route, Row, Sample, SchemaName, ToolGuide } from './row.js';

/** Every row, by resource; the order is the table's (the MCP tools', the OpenAPI document's). */
export const routes = {
  ...statusPageRows,
  ...serviceRows,
  ...subscriptionRows,
  ...incidentRows,
  ...incidentUpdateRows,
  ...v3StatusPageRows,
  ...v3ComponentRows,
  ...v3IncidentRows,
  ...v3IncidentUpdateRows,
  ...v3SubscriberRows,
  ...v3AutomationRuleRows,
  ...analysisRows,
  ...errorGroupRows,
  ...heartbeatRows,
  ...runtimeRows,
  ...maintenanceWindowRows,
  ...referenceRows,
  ...checkRows,
  ...checkStatusRows,
  ...testSessionRows,
  ...testSessionErrorGroupRows,
  ...checkSessionRows,
};

export type Routes = typeof routes;
export type OperationId = keyof Routes;

// What the rows must say, checked at compile time: a missing piece fails here, in one error
// listing each problem as `kind: operation id` (test/types/table.type-test.ts).
type IsRepeatable<R> = R extends { idempotent: true } ? true : R extends { method: 'GET' | 'PUT' | 'DELETE' } ? true : false;
type Has<R, Key extends string> = Key extends keyof R ? true : false;
type DescribedParams<R> = R extends { paramDescriptions: infer P } ? keyof P : never;
type Checks<T extends Readonly<Record<string, Row>>> = {
  /** A write that repeating would apply twice says how a lost answer is settled (docs/retries.md#lost-answers). */
  writeWithoutReadBack: {
    [Id in keyof T]: IsRepeatable<T[Id]> extends true ? never : Has<T[Id], 'readBack'> extends true ? never : Id;
  }[keyof T];
  /** A read-back reads with a GET of the table. */
  readBackThatIsNotAGet: {
    [Id in keyof T]: T[Id] extends { readBack: { read: infer Read } }
      ? Read extends keyof T
        ? T[Read] extends { method: 'GET' }
          ? never
          : Id
        : Id
      : never;
  }[keyof T];
  /** `bodyRequired` goes with `body`, and only with it. */
  bodyWithoutBodyRequiredOrTheOther: {
    [Id in keyof T]: Has<T[Id], 'body'> extends Has<T[Id], 'bodyRequired'> ? never : Id;
  }[keyof T];
  /** An operation with a body holds a sample of it (the tests send it: row.ts, Sample). */
  bodyWithoutSample: {
    [Id in keyof T]: Has<T[Id], 'body'> extends true ? (T[Id] extends { sample: { body: unknown } } ? never : Id) : never;
  }[keyof T];
  /** An operation with a query holds a sample of it. */
  queryWithoutSample: {
    [Id in keyof T]: Has<T[Id], 'query'> extends true ? (T[Id] extends { sample: { query: unknown } } ? never : Id) : never;
  }[keyof T];
  /** Every path parameter is described (what a model or a user is asked for). */
  pathParameterWithoutDescription: {
    [Id in keyof T]: [Exclude<PathParamNames<T[Id]['path']>, DescribedParams<T[Id]>>] extends [never] ? never : Id;
  }[keyof T];
  /**
   * An operation of the hosted API's document is an MCP tool, with its guide; a reference-only
   * one is not, nor one beyond the document (a model uses the documented operation).
   */
  hostedWithoutToolOrReferenceOnlyWithOne: {
    [Id in keyof T]: Has<T[Id], 'tool'> extends (T[Id] extends { referenceOnly: true } | { beyondDocument: object } ? false : true)
      ? never
      : Id;
  }[keyof T];
  /** An MCP tool is in a toolset: its module's `define` names one (toolsets.ts). */
  toolWithoutToolset: {
    [Id in keyof T]: Has<T[Id], 'tool'> extends true ? (Has<T[Id], 'toolset'> extends true ? never : Id) : never;
  }[keyof T];
};

/** The problems of a table, one `kind: operation id` string each. */
export type TableProblems<T extends Readonly<Record<string, Row>>> = {
  [Kind in keyof Checks<T> & string]: `${Kind}: ${Checks<T>[Kind] & string}`;
}[keyof Checks<T> & string];
// Each problem is a key this object lacks, so the compiler's message lists them by name.
type Problems = TableProblems<Routes>;
const tableComplete: { readonly [Problem in Problems]: never } = {};
void tableComplete;

/** The row's sample request (row.ts, Sample): the one the tests send where the server must accept it. */
export function sampleOf(id: OperationId): Sample | undefined {
  return (routes[id] as Row).sample;
}

/** The status an operation answers on success: the first of its responses (a row's or an operation's). */
export function successStatus(op: { readonly responses: object }): number {
  return Number(Object.keys(op.responses)[0]);
}

/** Whether repeating the operation changes nothing more: by its method, or as its route says (a PATCH that sets values). */
export function isIdempotent(route: Pick<Route, 'method' | 'idempotent'>): boolean {
  return route.idempotent ?? (route.method === 'GET' || route.method === 'PUT' || route.method === 'DELETE');
}

/** Fills a path template; every value is URL-encoded so an id cannot change the route. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
