// The operations table: every operation of the API, each written once in one row: its method,
// path and summary, what its path parameters are, its query, body and answers (by the names of
// their schemas in schemas.ts), how a lost answer of a write is settled, whether the hosted API
// has it, and its MCP tool's guide. The client's methods, the server's router and handler types,
// the MCP tools and the OpenAPI document are all made from it.
//
// This module loads no zod: the schemas are named here, not imported (a type-only import is
// erased), and operations.ts puts the zod schemas in place of the names. So the client sends a
// request without a query or a body (`statusctl runtimes list`) without evaluating zod, and
// loads operations.ts (with `await import()`) when there is something to validate.
import type { AlsoAnswers } from './error-responses.js';
import type { PathParamNames } from './rules.js';
import type * as Schemas from './schemas.js';

export { pathParamNames, uuidParams } from './rules.js';

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

function define<const T extends Record<string, Row>>(table: T): T {
  return table;
}

const INCIDENT_ID = { incidentId: 'id of the incident (list_incidents, create_incident)' };
const UPDATE_IDS = { ...INCIDENT_ID, incidentUpdateId: "id of the update (the incident's incidentUpdates[].id)" };
const PAGE_ID = { statusPageId: 'id of the status page (list_status_pages)' };
const SUBSCRIPTION_IDS = { ...PAGE_ID, subscriptionId: 'id of the subscription (list_subscriptions)' };
const HEARTBEAT_ID = { checkId: 'id of the heartbeat check' };
/** What the hosted API answers to a request for an analysis beyond the account's plan. */
const ANALYSIS_QUOTA = { 402: "The account's plan does not include root cause analyses, or its quota of them is used up" } as const;

export const routes = define({
  listStatusPages: {
    method: 'GET',
    path: '/v1/status-pages',
    summary: 'List the status pages of the account, with their cards, incidents and keys',
    query: 'PageQuery',
    responses: { 200: 'StatusPageList' },
    tool: {
      title: 'List status pages',
      description:
        'Lists the status pages of the account with their cards, services, recent incidents and keys. Use it first: the services (id, name, accountId) that create_incident needs are in cards[].services[].',
    },
  },
  getStatusPage: {
    method: 'GET',
    path: '/v1/status-pages/{statusPageId}',
    summary: 'Retrieve one status page',
    paramDescriptions: PAGE_ID,
    responses: { 200: 'StatusPage' },
    tool: {
      title: 'Get a status page',
      description: 'Retrieves one status page with its cards, services and incidents. The statusPageId comes from list_status_pages.',
    },
  },
  listServices: {
    method: 'GET',
    path: '/v1/status-pages/services',
    summary: "List the services the account's status page cards hold, newest first, paginated",
    query: 'ServiceQuery',
    responses: { 200: 'ServiceList' },
    tool: {
      title: 'List services',
      description:
        'Lists the services the account\'s status pages show, newest first, each as {id, name, accountId} ready for create_incident and update_incident. Paginated: pass the nextId of a page to get the next one (limit 1 to 100, default 20), or paginated: "false" for all at once.',
    },
  },
  getService: {
    method: 'GET',
    path: '/v1/status-pages/services/{serviceId}',
    summary: 'Retrieve one service',
    paramDescriptions: { serviceId: 'id of the service (list_services)' },
    responses: { 200: 'Service' },
    tool: {
      title: 'Get a service',
      description: "Retrieves one service of a status page by id (from list_services or a status page's cards[].services[]).",
    },
  },
  listSubscriptions: {
    method: 'GET',
    path: '/v1/status-pages/{statusPageId}/subscriptions',
    summary: "List a status page's subscribers, newest first",
    paramDescriptions: PAGE_ID,
    responses: { 200: 'SubscriptionList' },
    tool: {
      title: 'List subscribers',
      description:
        "Lists a status page's subscribers (email addresses, PENDING until they confirm or VERIFIED), newest first. The statusPageId comes from list_status_pages; each subscription id is for delete_subscription.",
    },
  },
  createSubscriptions: {
    method: 'POST',
    path: '/v1/status-pages/{statusPageId}/subscriptions/bulk',
    summary: 'Subscribe up to 100 email addresses to a status page',
    paramDescriptions: PAGE_ID,
    body: 'BulkSubscriptionsInput',
    bodyRequired: true,
    responses: { 201: 'BulkSubscriptionsResult' },
    // Sent again, the addresses the first request added are counted as skipped: the answer
    // could not tell whether the first was applied, and no read shows which request added what.
    readBack: 'none',
    tool: {
      title: 'Subscribe email addresses',
      description:
        'Subscribes 1 to 100 email addresses to a status page: subscriptions as [{"type": "EMAIL", "config": "ops@example.com"}]. An address already subscribed is skipped and counted in skipped. autoVerify: true subscribes them VERIFIED without a confirmation mail. The statusPageId comes from list_status_pages.',
    },
  },
  deleteSubscription: {
    method: 'DELETE',
    path: '/v1/status-pages/{statusPageId}/subscriptions/{subscriptionId}',
    summary: 'Remove a subscriber from a status page',
    paramDescriptions: SUBSCRIPTION_IDS,
    responses: { 204: 'NoContent' },
    tool: {
      title: 'Remove a subscriber',
      description:
        'Removes one subscriber from a status page; it gets no more notices. Both ids come from list_subscriptions (statusPageId is the page it was listed for).',
      destructive: true,
    },
  },
  createIncident: {
    method: 'POST',
    path: '/v1/status-pages/incidents',
    summary: 'Create an incident',
    body: 'CreateIncidentInput',
    bodyRequired: true,
    clientBody: 'CreateIncidentFields',
    responses: { 201: 'Incident' },
    readBack: { read: 'listIncidents', find: 'sent-incident' },
    alsoAnswers: {
      404: 'A service in the body that the account does not have (the reference server answers a 400 naming the field)',
    },
    tool: {
      title: 'Create an incident',
      description:
        'Declares a new incident on a status page. services: the affected services as {id, name, accountId}, copied from a status page (list_status_pages, cards[].services[]). incidentUpdates: exactly one first update, e.g. [{"description": "Investigating elevated errors", "status": "INVESTIGATING"}]. Returns the incident with its id, for get_incident and create_incident_update.',
    },
  },
  listIncidents: {
    method: 'GET',
    path: '/v1/status-pages/incidents',
    summary: 'List the latest incidents, newest first, paginated',
    query: 'PageQuery',
    responses: { 200: 'IncidentList' },
    tool: {
      title: 'List incidents',
      description:
        'Lists the latest incidents, newest first, with their updates. Paginated: pass the nextId of a page to get the next one (limit 1 to 100, default 20). Gives the incidentId the incident tools need.',
    },
  },
  getIncident: {
    method: 'GET',
    path: '/v1/status-pages/incidents/{incidentId}',
    summary: 'Retrieve an incident',
    paramDescriptions: INCIDENT_ID,
    responses: { 200: 'Incident' },
    tool: {
      title: 'Get an incident',
      description:
        'Retrieves one incident with its services and all its updates. The incidentId comes from list_incidents or create_incident.',
    },
  },
  updateIncident: {
    method: 'PUT',
    path: '/v1/status-pages/incidents/{incidentId}',
    summary: "Change an incident's name, severity and services",
    paramDescriptions: INCIDENT_ID,
    body: 'UpdateIncidentInput',
    bodyRequired: true,
    clientBody: 'UpdateIncidentFields',
    responses: { 200: 'Incident' },
    tool: {
      title: 'Change an incident',
      description:
        'Changes the name, severity and services of an incident (escalate MINOR to CRITICAL, fix a typo, add an affected service). All three are required: get_incident first and send back what stays. services: the whole new list as {id, name, accountId} (from list_services). The updates are not touched; change those with update_incident_update.',
      destructive: true,
    },
  },
  deleteIncident: {
    method: 'DELETE',
    path: '/v1/status-pages/incidents/{incidentId}',
    summary: 'Delete an incident and its updates',
    paramDescriptions: INCIDENT_ID,
    responses: { 204: 'NoContent' },
    tool: {
      title: 'Delete an incident',
      description:
        'Deletes an incident and all its updates; status pages stop showing it. For an incident declared by mistake: one that happened is resolved (create_incident_update with status RESOLVED), not deleted. The incidentId comes from list_incidents.',
      destructive: true,
    },
  },
  listIncidentUpdates: {
    method: 'GET',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates',
    summary: "List an incident's updates, newest first",
    paramDescriptions: INCIDENT_ID,
    responses: { 200: 'IncidentUpdateList' },
    tool: {
      title: "List an incident's updates",
      description: "Lists an incident's updates, newest first (by publicIncidentUpdateDate). The incidentId comes from list_incidents.",
    },
  },
  createIncidentUpdate: {
    method: 'POST',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates',
    summary: 'Add an update to an incident',
    paramDescriptions: INCIDENT_ID,
    body: 'IncidentUpdateInput',
    bodyRequired: true,
    clientBody: 'IncidentUpdateFields',
    responses: { 200: 'IncidentUpdate' },
    readBack: { read: 'getIncident', find: 'sent-update' },
    tool: {
      title: 'Add an incident update',
      description:
        'Posts a new update on an incident (what is known, optionally a new status such as MONITORING or RESOLVED; RESOLVED closes the incident). The incidentId comes from list_incidents. Each call adds another update.',
    },
  },
  getIncidentUpdate: {
    method: 'GET',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    summary: 'Retrieve an incident update',
    paramDescriptions: UPDATE_IDS,
    responses: { 200: 'IncidentUpdate' },
    tool: {
      title: 'Get an incident update',
      description: "Retrieves one update of an incident. Both ids come from get_incident (the incident's incidentUpdates[].id).",
    },
  },
  updateIncidentUpdate: {
    method: 'PUT',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    summary: 'Change an incident update',
    paramDescriptions: UPDATE_IDS,
    body: 'IncidentUpdateInput',
    bodyRequired: true,
    clientBody: 'IncidentUpdateFields',
    responses: { 200: 'IncidentUpdate' },
    tool: {
      title: 'Change an incident update',
      description:
        'Replaces the text (and optionally the status or date) of an existing incident update; what it said before is overwritten. Both ids come from get_incident (incidentUpdates[].id).',
      destructive: true,
    },
  },
  deleteIncidentUpdate: {
    method: 'DELETE',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    summary: 'Delete an incident update',
    paramDescriptions: UPDATE_IDS,
    responses: { 204: 'NoContent' },
    tool: {
      title: 'Delete an incident update',
      description:
        "Deletes one update of an incident (one posted to the wrong incident, say); the incident's status and duration are worked out again from the updates left. Both ids come from get_incident or list_incident_updates.",
      destructive: true,
    },
  },
  getRootCauseAnalysis: {
    method: 'GET',
    path: '/v1/root-cause-analyses/{id}',
    summary: 'Retrieve a root cause analysis (202 while it is still being generated)',
    paramDescriptions: { id: 'id of the analysis (request_root_cause_analysis)' },
    responses: { 200: 'RootCauseAnalysis', 202: 'RootCauseAnalysisPending' },
    tool: {
      title: 'Get a root cause analysis',
      description:
        'Retrieves a root cause analysis by its id (from request_root_cause_analysis). While it is still being generated the result is only {id, status: "PENDING"}: call again a little later; a COMPLETED one carries the analysis.',
    },
  },
  requestRootCauseAnalysis: {
    method: 'POST',
    path: '/v1/root-cause-analyses/test-session-error-groups/{testSessionErrorGroupId}',
    summary: 'Request a root cause analysis of an error group',
    paramDescriptions: { testSessionErrorGroupId: 'id of the error group to analyse' },
    body: 'RequestAnalysisInput',
    bodyRequired: false,
    responses: { 202: 'RootCauseAnalysisPending' },
    // The analysis id is in the lost answer only: nothing tells a second request from the first.
    readBack: 'none',
    alsoAnswers: ANALYSIS_QUOTA,
    tool: {
      title: 'Request a root cause analysis',
      description:
        'Starts an AI root cause analysis of an error group (testSessionErrorGroupId: the error group id) and returns at once with the analysis id; fetch the analysis with get_root_cause_analysis. userContext (optional, up to 256 characters) tells the analysis what you already know.',
    },
  },
  requestErrorGroupAnalysis: {
    method: 'POST',
    path: '/v1/root-cause-analyses/error-groups/{errorGroupId}',
    summary: "Request a root cause analysis of a check's error group",
    paramDescriptions: { errorGroupId: 'id of the error group to analyse (list_error_groups)' },
    body: 'RequestAnalysisInput',
    bodyRequired: false,
    responses: { 202: 'RootCauseAnalysisPending' },
    // The analysis id is in the lost answer only: nothing tells a second request from the first.
    readBack: 'none',
    alsoAnswers: ANALYSIS_QUOTA,
    tool: {
      title: "Request a root cause analysis of a check's error group",
      description:
        'Starts an AI root cause analysis of an error group of a check (errorGroupId: an id from list_error_groups or list_check_error_groups) and returns at once with the analysis id; fetch the analysis with get_root_cause_analysis. userContext (optional, up to 256 characters) tells the analysis what you already know.',
    },
  },
  listErrorGroups: {
    method: 'GET',
    path: '/v1/error-groups',
    summary: 'List the error groups of the account, newest lastSeen first, by page',
    query: 'ErrorGroupQuery',
    responses: { 200: 'ErrorGroupList' },
    tool: {
      title: 'List error groups',
      description:
        'Lists the error groups of the account (errors of check runs grouped by message), newest lastSeen first, archived ones included (archivedUntilNextEvent says so). By page: page from 1, limit 1 to 100 (default 10); a page past the end is empty. Gives the ids update_error_group and request_error_group_analysis take.',
    },
  },
  listCheckErrorGroups: {
    method: 'GET',
    path: '/v1/error-groups/checks/{checkId}',
    summary: "List a check's error groups, newest lastSeen first, by page",
    paramDescriptions: { checkId: 'id of the check whose errors are grouped' },
    query: 'ErrorGroupQuery',
    responses: { 200: 'ErrorGroupList' },
    // A check with no error recorded has no groups ([]): the hosted API declares no 404 here.
    notFound: false,
    tool: {
      title: "List a check's error groups",
      description: "Lists one check's error groups, newest lastSeen first, archived ones included; page and limit as list_error_groups.",
    },
  },
  getErrorGroup: {
    method: 'GET',
    path: '/v1/error-groups/{id}',
    summary: 'Retrieve an error group',
    paramDescriptions: { id: 'id of the error group (list_error_groups)' },
    responses: { 200: 'ErrorGroup' },
    tool: {
      title: 'Get an error group',
      description:
        'Retrieves one error group with its cleaned message, first and last seen days and analyses. The id comes from list_error_groups.',
    },
  },
  updateErrorGroup: {
    method: 'PATCH',
    path: '/v1/error-groups/{id}',
    summary: 'Archive or unarchive an error group',
    paramDescriptions: { id: 'id of the error group' },
    body: 'ErrorGroupPatch',
    bodyRequired: true,
    responses: { 200: 'ErrorGroup' },
    // The body states the wanted archive state; sending it twice leaves the same state.
    idempotent: true,
    tool: {
      title: 'Archive or unarchive an error group',
      description:
        'Archives an error group (archiveForEver: true hides it for good, archivedUntilNextEvent: true until it happens again) or brings it back (false). id: the error group id.',
      destructive: true,
    },
  },
  getHeartbeatAvailability: {
    method: 'GET',
    path: '/v1/checks/heartbeats/{checkId}/availability',
    checksIdForm: true,
    summary: 'Success ratio of a heartbeat check, now and in the previous period',
    paramDescriptions: { checkId: 'id of the heartbeat check' },
    query: 'AvailabilityQuery',
    responses: { 200: 'HeartbeatAvailability' },
    tool: {
      title: 'Heartbeat availability',
      description:
        'Success ratio (percent) of a heartbeat check over a period (default the last 24 hours) and over the period before it. checkId: the heartbeat check id. startTime and endTime are dates (YYYY-MM-DD) or date-times with an offset.',
    },
  },
  listHeartbeatEvents: {
    method: 'GET',
    path: '/v1/checks/heartbeats/{checkId}/events',
    checksIdForm: true,
    summary: 'The pings a heartbeat check received, newest first, with its availability',
    paramDescriptions: HEARTBEAT_ID,
    query: 'HeartbeatEventQuery',
    responses: { 200: 'HeartbeatEventList' },
    tool: {
      title: 'List heartbeat events',
      description:
        'Lists the pings a heartbeat check received (RECEIVED, EARLY, GRACE are on time; LATE, FAILING are not), newest first, at most limit (1 to 10, default 10), with availability stats for the last 24 hours and 7 days. startTime and endTime as get_heartbeat_availability (default the last 24 hours).',
    },
  },
  getHeartbeatEvent: {
    method: 'GET',
    path: '/v1/checks/heartbeats/{checkId}/events/{id}',
    checksIdForm: true,
    summary: 'One ping of a heartbeat check, with its availability',
    paramDescriptions: { ...HEARTBEAT_ID, id: 'id of the event (list_heartbeat_events)' },
    responses: { 200: 'HeartbeatEventWithStats' },
    tool: {
      title: 'Get a heartbeat event',
      description: "Retrieves one ping of a heartbeat check with the check's availability stats. The id comes from list_heartbeat_events.",
    },
  },
  listRuntimes: {
    method: 'GET',
    path: '/v1/runtimes',
    summary: 'List the supported runtimes',
    responses: { 200: 'RuntimeList' },
    tool: {
      title: 'List runtimes',
      description: 'Lists the runtimes checks can run on, with Node.js version, stage (CURRENT, DEPRECATED...) and end of life.',
    },
  },
  getRuntime: {
    method: 'GET',
    path: '/v1/runtimes/{id}',
    summary: 'Retrieve one runtime by name',
    paramDescriptions: { id: 'name of the runtime, such as 2025.04 (list_runtimes)' },
    namedParams: ['id'],
    responses: { 200: 'Runtime' },
    tool: {
      title: 'Get a runtime',
      description:
        'Retrieves one runtime by its name (id: such as 2025.04, from list_runtimes) with its Node.js version, stage, end of life and packages.',
    },
  },
  recordErrorEvent: {
    method: 'POST',
    path: '/_reference/error-events',
    summary: 'Record an error from a check run (reference server only)',
    body: 'ErrorEventInput',
    bodyRequired: true,
    responses: { 201: 'ErrorGroup' },
    referenceOnly: true,
    readBack: 'none',
  },
  recordHeartbeatEvent: {
    method: 'POST',
    path: '/_reference/heartbeats/{checkId}/events',
    // A check whose id is not a UUID could be pinged but never read by the routes above.
    checksIdForm: true,
    summary: 'Record a heartbeat ping (reference server only)',
    paramDescriptions: HEARTBEAT_ID,
    body: 'HeartbeatEventInput',
    bodyRequired: true,
    responses: { 201: 'HeartbeatEvent' },
    referenceOnly: true,
    readBack: 'none',
    // An unknown check is started by its first ping (docs/api-rules.md#reference-only-inputs).
    notFound: false,
  },
  verifySubscription: {
    method: 'POST',
    path: '/_reference/status-pages/{statusPageId}/subscriptions/{subscriptionId}/verify',
    summary: 'Mark a subscription VERIFIED, as its confirmation mail would (reference server only)',
    paramDescriptions: SUBSCRIPTION_IDS,
    responses: { 200: 'Subscription' },
    referenceOnly: true,
    // It sets a state: sent twice, the subscription is as verified as after once.
    idempotent: true,
  },
  listNotifications: {
    method: 'GET',
    path: '/_reference/notifications',
    summary: 'The notifications subscribers would have been sent, newest first (reference server only)',
    query: 'NotificationQuery',
    responses: { 200: 'NotificationList' },
    referenceOnly: true,
  },
});

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
  /** Every path parameter is described (what a model or a user is asked for). */
  pathParameterWithoutDescription: {
    [Id in keyof T]: [Exclude<PathParamNames<T[Id]['path']>, DescribedParams<T[Id]>>] extends [never] ? never : Id;
  }[keyof T];
  /** An operation of the hosted API is an MCP tool, with its guide; a reference-only one is not. */
  hostedWithoutToolOrReferenceOnlyWithOne: {
    [Id in keyof T]: Has<T[Id], 'tool'> extends (T[Id] extends { referenceOnly: true } ? false : true) ? never : Id;
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
