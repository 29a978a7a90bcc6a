// The routing half of the operations table (see operations.ts): what it takes to send a request
// or route one, without zod. The client needs only this for a request with no query and no
// body, so such a call never loads the schemas. Every row has its schemas in operations.ts,
// under the same id (checked at compile time there).

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  readonly method: Method;
  /** Path template; `{name}` segments are path parameters (all strings, all required). */
  readonly path: string;
  readonly summary: string;
  /**
   * Set exactly when the operation takes a body (operations.ts checks it against the body
   * schema). False when the whole body may be left out (it is then validated as `null`).
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
   * For a write that is not idempotent: how the client finds out whether it was applied when
   * its answer is lost (a reset, a timeout, a body cut short). Required on every such route
   * (checked below at compile time), since repeating it blindly could apply it twice.
   */
  readonly readBack?: ReadBack;
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

function define<const T extends Record<string, Route>>(table: T): T {
  return table;
}

export const routes = define({
  listStatusPages: {
    method: 'GET',
    path: '/v1/status-pages',
    summary: 'List the status pages of the account, with their cards, incidents and keys',
  },
  getStatusPage: {
    method: 'GET',
    path: '/v1/status-pages/{statusPageId}',
    summary: 'Retrieve one status page',
  },
  listServices: {
    method: 'GET',
    path: '/v1/status-pages/services',
    summary: "List the services the account's status page cards hold, newest first, paginated",
  },
  getService: {
    method: 'GET',
    path: '/v1/status-pages/services/{serviceId}',
    summary: 'Retrieve one service',
  },
  listSubscriptions: {
    method: 'GET',
    path: '/v1/status-pages/{statusPageId}/subscriptions',
    summary: "List a status page's subscribers, newest first",
  },
  createSubscriptions: {
    method: 'POST',
    path: '/v1/status-pages/{statusPageId}/subscriptions/bulk',
    summary: 'Subscribe up to 100 email addresses to a status page',
    bodyRequired: true,
    // Sent again, the addresses the first request added are counted as skipped: the answer
    // could not tell whether the first was applied, and no read shows which request added what.
    readBack: 'none',
  },
  deleteSubscription: {
    method: 'DELETE',
    path: '/v1/status-pages/{statusPageId}/subscriptions/{subscriptionId}',
    summary: 'Remove a subscriber from a status page',
  },
  createIncident: {
    method: 'POST',
    path: '/v1/status-pages/incidents',
    summary: 'Create an incident',
    bodyRequired: true,
    readBack: { read: 'listIncidents', find: 'sent-incident' },
  },
  listIncidents: {
    method: 'GET',
    path: '/v1/status-pages/incidents',
    summary: 'List the latest incidents, newest first, paginated',
  },
  getIncident: {
    method: 'GET',
    path: '/v1/status-pages/incidents/{incidentId}',
    summary: 'Retrieve an incident',
  },
  updateIncident: {
    method: 'PUT',
    path: '/v1/status-pages/incidents/{incidentId}',
    summary: "Change an incident's name, severity and services",
    bodyRequired: true,
  },
  deleteIncident: {
    method: 'DELETE',
    path: '/v1/status-pages/incidents/{incidentId}',
    summary: 'Delete an incident and its updates',
  },
  listIncidentUpdates: {
    method: 'GET',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates',
    summary: "List an incident's updates, newest first",
  },
  createIncidentUpdate: {
    method: 'POST',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates',
    summary: 'Add an update to an incident',
    bodyRequired: true,
    readBack: { read: 'getIncident', find: 'sent-update' },
  },
  getIncidentUpdate: {
    method: 'GET',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    summary: 'Retrieve an incident update',
  },
  updateIncidentUpdate: {
    method: 'PUT',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    summary: 'Change an incident update',
    bodyRequired: true,
  },
  deleteIncidentUpdate: {
    method: 'DELETE',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    summary: 'Delete an incident update',
  },
  getRootCauseAnalysis: {
    method: 'GET',
    path: '/v1/root-cause-analyses/{id}',
    summary: 'Retrieve a root cause analysis (202 while it is still being generated)',
  },
  requestRootCauseAnalysis: {
    method: 'POST',
    path: '/v1/root-cause-analyses/test-session-error-groups/{testSessionErrorGroupId}',
    summary: 'Request a root cause analysis of an error group',
    bodyRequired: false,
    // The analysis id is in the lost answer only: nothing tells a second request from the first.
    readBack: 'none',
  },
  requestErrorGroupAnalysis: {
    method: 'POST',
    path: '/v1/root-cause-analyses/error-groups/{errorGroupId}',
    summary: "Request a root cause analysis of a check's error group",
    bodyRequired: false,
    // The analysis id is in the lost answer only: nothing tells a second request from the first.
    readBack: 'none',
  },
  listErrorGroups: {
    method: 'GET',
    path: '/v1/error-groups',
    summary: 'List the error groups of the account, newest lastSeen first, by page',
  },
  listCheckErrorGroups: {
    method: 'GET',
    path: '/v1/error-groups/checks/{checkId}',
    summary: "List a check's error groups, newest lastSeen first, by page",
  },
  getErrorGroup: {
    method: 'GET',
    path: '/v1/error-groups/{id}',
    summary: 'Retrieve an error group',
  },
  updateErrorGroup: {
    method: 'PATCH',
    path: '/v1/error-groups/{id}',
    summary: 'Archive or unarchive an error group',
    bodyRequired: true,
    // The body states the wanted archive state; sending it twice leaves the same state.
    idempotent: true,
  },
  getHeartbeatAvailability: {
    method: 'GET',
    path: '/v1/checks/heartbeats/{checkId}/availability',
    summary: 'Success ratio of a heartbeat check, now and in the previous period',
  },
  listHeartbeatEvents: {
    method: 'GET',
    path: '/v1/checks/heartbeats/{checkId}/events',
    summary: 'The pings a heartbeat check received, newest first, with its availability',
  },
  getHeartbeatEvent: {
    method: 'GET',
    path: '/v1/checks/heartbeats/{checkId}/events/{id}',
    summary: 'One ping of a heartbeat check, with its availability',
  },
  listRuntimes: {
    method: 'GET',
    path: '/v1/runtimes',
    summary: 'List the supported runtimes',
  },
  getRuntime: {
    method: 'GET',
    path: '/v1/runtimes/{id}',
    summary: 'Retrieve one runtime by name',
  },
  recordErrorEvent: {
    method: 'POST',
    path: '/_reference/error-events',
    summary: 'Record an error from a check run (reference server only)',
    bodyRequired: true,
    referenceOnly: true,
    readBack: 'none',
  },
  recordHeartbeatEvent: {
    method: 'POST',
    path: '/_reference/heartbeats/{checkId}/events',
    summary: 'Record a heartbeat ping (reference server only)',
    bodyRequired: true,
    referenceOnly: true,
    readBack: 'none',
  },
  verifySubscription: {
    method: 'POST',
    path: '/_reference/status-pages/{statusPageId}/subscriptions/{subscriptionId}/verify',
    summary: 'Mark a subscription VERIFIED, as its confirmation mail would (reference server only)',
    referenceOnly: true,
    // It sets a state: sent twice, the subscription is as verified as after once.
    idempotent: true,
  },
  listNotifications: {
    method: 'GET',
    path: '/_reference/notifications',
    summary: 'The notifications subscribers would have been sent, newest first (reference server only)',
    referenceOnly: true,
  },
});

export type Routes = typeof routes;
export type OperationId = keyof Routes;

// Fails to compile, naming the operation, when a write that is not idempotent does not say how
// a lost answer is settled, or when a read-back names a read that is not a GET of the table.
type IsRepeatable<R> = R extends { idempotent: true } ? true : R extends { method: 'GET' | 'PUT' | 'DELETE' } ? true : false;
type WithoutReadBack = {
  [Id in OperationId]: IsRepeatable<Routes[Id]> extends true ? never : 'readBack' extends keyof Routes[Id] ? never : Id;
}[OperationId];
type ReadsThatAreNotGets = {
  [Id in OperationId]: Routes[Id] extends { readBack: { read: infer Read extends OperationId } }
    ? Routes[Read] extends { method: 'GET' }
      ? never
      : Id
    : never;
}[OperationId];
const readBacksDeclared: [WithoutReadBack | ReadsThatAreNotGets] extends [never]
  ? true
  : { writeWithoutReadBackOrReadThatIsNotAGet: WithoutReadBack | ReadsThatAreNotGets } = true;
void readBacksDeclared;

/** Whether repeating the operation changes nothing more: by its method, or as its route says (a PATCH that sets values). */
export function isIdempotent(route: Pick<Route, 'method' | 'idempotent'>): boolean {
  return route.idempotent ?? (route.method === 'GET' || route.method === 'PUT' || route.method === 'DELETE');
}

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** Fills a path template; every value is URL-encoded so an id cannot change the route. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
