// The request-rules table's parts (request-rules.test.ts): a row per field, its upstream rule and
// the server's behaviour as docs/reference-server.md shows them, and its cases, each a request and
// the answer it gets; the valid bodies the cases change (the rows' samples), and each row's own
// records on the server the rows share.
import { routes, sampleOf, type OperationId } from '../../src/contract/table.js';
import { demoIds } from '../../src/server/index.js';
import { ACCOUNT_A, ACCOUNT_B, incidentBody, someServices, type TestServer } from './helpers.js';

export const UNKNOWN = '00000000-0000-4000-8000-00000000dead';

export interface Ctx {
  server: TestServer;
  /** A service of account A, as a create body names it. */
  service: { id: string; name: string; accountId: string };
  /** A service of account B. */
  serviceOfB: { id: string; name: string; accountId: string };
  incidentId: string;
  updateId: string;
  errorGroupId: string;
  statusPageId: string;
  /** A V3 status page of account A with a component and an incident on it: the ids of the /v3 rows. */
  v3: { statusPageId: string; componentId: string; incidentId: string; updateId: string };
}

export interface Case {
  label: string;
  op: OperationId;
  /** The JSON body (a function of the context), or `{ raw }` sent as is; absent: no body. */
  body?: (ctx: Ctx) => unknown;
  raw?: string;
  /** The query string, e.g. `?limit=0`. */
  query?: string;
  /** Path parameters other than the context's ids. */
  params?: Record<string, string>;
  headers?: Record<string, string>;
  status: number;
  /** For a 400: the path of the (first) detail. */
  detail?: string;
  /** A refusal by a rule of docs/api-rules.md that the upstream schema does not make. */
  notes?: boolean;
  /** More to check on a success. */
  check?: (json: any, ctx: Ctx) => void;
}

export interface Row {
  field: string;
  upstream: string;
  server: string;
  cases: Case[];
}

/** A row's sample body (src/contract/row.ts, Sample), the valid body each field's cases change. */
export const sampleBody = (id: OperationId) => sampleOf(id)?.body as Record<string, unknown>;
/** A create body: the row's sample, naming a service of account A. */
export const create = (ctx: Ctx, overrides: Record<string, unknown> = {}) => ({
  ...sampleBody('createIncident'),
  services: [ctx.service],
  ...overrides,
});
export const withService = (ctx: Ctx, fields: Record<string, unknown>, omit?: string) => {
  const service: Record<string, unknown> = { ...ctx.service, ...fields };
  if (omit) delete service[omit];
  return create(ctx, { services: [service] });
};
export const withUpdate = (ctx: Ctx, fields: Record<string, unknown>) =>
  create(ctx, { incidentUpdates: [{ description: 'Investigating', ...fields }] });
export const without = (body: Record<string, unknown>, field: string) => {
  const copy = { ...body };
  delete copy[field];
  return copy;
};
export const c = (label: string, op: OperationId, status: number, rest: Partial<Case> = {}): Case => ({ label, op, status, ...rest });
/** A body for PUT of an incident (upstream's StatusPageV2IncidentCommon). */
export const edit = (ctx: Ctx, overrides: Record<string, unknown> = {}) => ({
  ...sampleBody('updateIncident'),
  services: [ctx.service],
  ...overrides,
});
export const editCase = (label: string, body: (ctx: Ctx) => unknown, status: number, rest: Partial<Case> = {}) =>
  c(label, 'updateIncident', status, { body, ...rest });
let subscribers = 0;
/**
 * A body for the bulk subscription create; without addresses, one of its own, since the rows
 * share a server and an address already subscribed is skipped.
 */
export const subscribe = (overrides: Record<string, unknown> = {}, ...configs: string[]) => ({
  ...sampleBody('createSubscriptions'),
  subscriptions: (configs.length ? configs : [`ops+${++subscribers}@example.com`]).map((config) => ({ type: 'EMAIL', config })),
  ...overrides,
});
export const subscribeCase = (label: string, body: () => unknown, status: number, rest: Partial<Case> = {}) =>
  c(label, 'createSubscriptions', status, { body, ...rest });
export const createCase = (label: string, body: (ctx: Ctx) => unknown, status: number, rest: Partial<Case> = {}) =>
  c(label, 'createIncident', status, { body, ...rest });

let rows = 0;
/**
 * A row's own incident and error group, on the server the rows share: what a row changes (an
 * incident edited, a group archived) is its own. The other records a row writes are new ones
 * (incidents, subscriptions, analyses), which no other row reads.
 */
export async function context(server: TestServer): Promise<Ctx> {
  const [service] = await someServices(server);
  const [serviceOfB] = await someServices(server, ACCOUNT_B.key);
  const created = await server.call('POST', '/v1/status-pages/incidents', { body: await incidentBody(server) });
  // A message of its own: events of one message are one group.
  const group = await server.call('POST', '/_reference/error-events', {
    body: { checkId: 'c1', rawErrorMessage: `Error: boom in row ${++rows}` },
  });
  const pages = await server.call('GET', '/v1/status-pages?limit=1');
  const v3 = await v3Records(server);
  return {
    server,
    service: service!,
    serviceOfB: serviceOfB!,
    incidentId: created.json.id,
    updateId: created.json.incidentUpdates[0].id,
    errorGroupId: group.json.id,
    statusPageId: pages.json.entries[0].id,
    v3,
  };
}

/** A row's own V3 incident, on account A's demo V3 page (its first update dated before the samples' dates). */
async function v3Records(server: TestServer): Promise<Ctx['v3']> {
  const demo = demoIds(ACCOUNT_A.id);
  const statusPageId = demo.v3StatusPages.acmePlatform;
  const componentId = demo.v3Components.restApi;
  const incident = await server.call('POST', `/v3/status-pages/${statusPageId}/incidents`, {
    body: {
      name: 'Request rules',
      componentImpacts: [{ componentId, status: 'MAJOR_OUTAGE' }],
      incidentUpdates: [{ description: 'Looking', status: 'INVESTIGATING', publicIncidentUpdateDate: '2025-03-10T09:00:00Z' }],
    },
  });
  return { statusPageId, componentId, incidentId: incident.json.id, updateId: incident.json.incidentUpdates[0].id };
}

export function pathOf(ctx: Ctx, each: Case): string {
  const ids: Record<string, string> = {
    incidentId: ctx.incidentId,
    incidentUpdateId: ctx.updateId,
    id: ctx.errorGroupId,
    testSessionErrorGroupId: ctx.errorGroupId,
    errorGroupId: ctx.errorGroupId,
    statusPageId: ctx.statusPageId,
    serviceId: ctx.service.id,
    subscriptionId: UNKNOWN,
    checkId: demoIds(ACCOUNT_A.id).heartbeatChecks.nightlyBackup,
    // The /v3 routes name V3 records by the same names.
    ...(routes[each.op].path.startsWith('/v3/')
      ? {
          statusPageId: ctx.v3.statusPageId,
          incidentId: ctx.v3.incidentId,
          incidentUpdateId: ctx.v3.updateId,
          componentId: ctx.v3.componentId,
        }
      : {}),
    ...each.params,
  };
  return routes[each.op].path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name]!)) + (each.query ?? '');
}
