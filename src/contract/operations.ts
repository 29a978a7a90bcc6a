// Every operation of the API as data. The server's router, the client's methods, the CLI's
// help and the published OpenAPI document are all built from this one table.
//
// A row is written in two halves under one id: its route (method, path, summary; routes.ts,
// no zod) and, here, its zod schemas (query, body, responses). The client needs only the route
// to send a request without a query or a body, so `statusctl runtimes list` never evaluates zod;
// it loads this module (with `await import()`) when there is something to validate. Both halves
// must cover exactly the same ids, and a body schema goes with `bodyRequired`: checked below at
// compile time.
import type { z } from 'zod';
import { errorStatuses, type ErrorStatus } from './error-responses.js';
import { routes, type OperationId, type Route, type Routes } from './routes.js';
import type { PathParamNames } from './rules.js';
import * as s from './schemas.js';

export { fillPath, pathParamNames, routes, type Method, type OperationId, type Route, type Routes } from './routes.js';

/** The zod half of an operation. */
export interface OperationSchemas {
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * The body without the fields the server sets (which `body` accepts and ignores): what a new
   * consumer offers a user or a model to fill in. Absent when the body has no such field.
   */
  readonly clientBody?: z.ZodType;
  /** What each path parameter is and where its value comes from. */
  readonly paramDescriptions?: Readonly<Record<string, string>>;
  /** Success responses by status; the first one is the operation's usual success. */
  readonly responses: Readonly<Record<number, z.ZodType>>;
}

/** The error statuses an operation declares (error-responses.ts), derived from its shape. */
interface OperationErrors {
  readonly errors: readonly ErrorStatus[];
}

export interface Operation extends Route, OperationSchemas, OperationErrors {}

const INCIDENT_ID = { incidentId: 'id of the incident (list_incidents, create_incident)' };
const UPDATE_IDS = { ...INCIDENT_ID, incidentUpdateId: "id of the update (the incident's incidentUpdates[].id)" };
const PAGE_ID = { statusPageId: 'id of the status page (list_status_pages)' };
const SUBSCRIPTION_IDS = { ...PAGE_ID, subscriptionId: 'id of the subscription (list_subscriptions)' };
const HEARTBEAT_ID = { checkId: 'id of the heartbeat check' };

const schemas = {
  listStatusPages: { query: s.PageQuery, responses: { 200: s.StatusPageList } },
  getStatusPage: { paramDescriptions: PAGE_ID, responses: { 200: s.StatusPage } },
  listServices: { query: s.ServiceQuery, responses: { 200: s.ServiceList } },
  getService: { paramDescriptions: { serviceId: 'id of the service (list_services)' }, responses: { 200: s.Service } },
  listSubscriptions: { paramDescriptions: PAGE_ID, responses: { 200: s.SubscriptionList } },
  createSubscriptions: { paramDescriptions: PAGE_ID, body: s.BulkSubscriptionsInput, responses: { 201: s.BulkSubscriptionsResult } },
  deleteSubscription: { paramDescriptions: SUBSCRIPTION_IDS, responses: { 204: s.NoContent } },
  createIncident: { body: s.CreateIncidentInput, clientBody: s.CreateIncidentFields, responses: { 201: s.Incident } },
  listIncidents: { query: s.PageQuery, responses: { 200: s.IncidentList } },
  getIncident: { paramDescriptions: INCIDENT_ID, responses: { 200: s.Incident } },
  updateIncident: {
    paramDescriptions: INCIDENT_ID,
    body: s.UpdateIncidentInput,
    clientBody: s.UpdateIncidentFields,
    responses: { 200: s.Incident },
  },
  deleteIncident: { paramDescriptions: INCIDENT_ID, responses: { 204: s.NoContent } },
  listIncidentUpdates: { paramDescriptions: INCIDENT_ID, responses: { 200: s.IncidentUpdateList } },
  createIncidentUpdate: {
    paramDescriptions: INCIDENT_ID,
    body: s.IncidentUpdateInput,
    clientBody: s.IncidentUpdateFields,
    responses: { 200: s.IncidentUpdate },
  },
  getIncidentUpdate: { paramDescriptions: UPDATE_IDS, responses: { 200: s.IncidentUpdate } },
  updateIncidentUpdate: {
    paramDescriptions: UPDATE_IDS,
    body: s.IncidentUpdateInput,
    clientBody: s.IncidentUpdateFields,
    responses: { 200: s.IncidentUpdate },
  },
  deleteIncidentUpdate: { paramDescriptions: UPDATE_IDS, responses: { 204: s.NoContent } },
  getRootCauseAnalysis: {
    paramDescriptions: { id: 'id of the analysis (request_root_cause_analysis)' },
    responses: { 200: s.RootCauseAnalysis, 202: s.RootCauseAnalysisPending },
  },
  requestRootCauseAnalysis: {
    paramDescriptions: { testSessionErrorGroupId: 'id of the error group to analyse' },
    body: s.RequestAnalysisInput,
    responses: { 202: s.RootCauseAnalysisPending },
  },
  requestErrorGroupAnalysis: {
    paramDescriptions: { errorGroupId: 'id of the error group to analyse (list_error_groups)' },
    body: s.RequestAnalysisInput,
    responses: { 202: s.RootCauseAnalysisPending },
  },
  listErrorGroups: { query: s.ErrorGroupQuery, responses: { 200: s.ErrorGroupList } },
  listCheckErrorGroups: {
    paramDescriptions: { checkId: 'id of the check whose errors are grouped' },
    query: s.ErrorGroupQuery,
    responses: { 200: s.ErrorGroupList },
  },
  getErrorGroup: { paramDescriptions: { id: 'id of the error group (list_error_groups)' }, responses: { 200: s.ErrorGroup } },
  updateErrorGroup: { paramDescriptions: { id: 'id of the error group' }, body: s.ErrorGroupPatch, responses: { 200: s.ErrorGroup } },
  getHeartbeatAvailability: {
    paramDescriptions: { checkId: 'id of the heartbeat check' },
    query: s.AvailabilityQuery,
    responses: { 200: s.HeartbeatAvailability },
  },
  listHeartbeatEvents: { paramDescriptions: HEARTBEAT_ID, query: s.HeartbeatEventQuery, responses: { 200: s.HeartbeatEventList } },
  getHeartbeatEvent: {
    paramDescriptions: { ...HEARTBEAT_ID, id: 'id of the event (list_heartbeat_events)' },
    responses: { 200: s.HeartbeatEventWithStats },
  },
  listRuntimes: { responses: { 200: s.RuntimeList } },
  getRuntime: { paramDescriptions: { id: 'name of the runtime, such as 2025.04 (list_runtimes)' }, responses: { 200: s.Runtime } },
  recordErrorEvent: { body: s.ErrorEventInput, responses: { 201: s.ErrorGroup } },
  recordHeartbeatEvent: {
    paramDescriptions: HEARTBEAT_ID,
    body: s.HeartbeatEventInput,
    responses: { 201: s.HeartbeatEvent },
  },
  verifySubscription: { paramDescriptions: SUBSCRIPTION_IDS, responses: { 200: s.Subscription } },
  listNotifications: { query: s.NotificationQuery, responses: { 200: s.NotificationList } },
} as const satisfies { readonly [Id in OperationId]: OperationSchemas };

type Schemas = typeof schemas;

// Fails to compile, naming the operation, when a route has `bodyRequired` without a body
// schema here or a body schema has no `bodyRequired` in its route.
type HasBody<Id extends OperationId> = 'body' extends keyof Schemas[Id] ? true : false;
type HasBodyRequired<Id extends OperationId> = 'bodyRequired' extends keyof Routes[Id] ? true : false;
type BodyMismatch = { [Id in OperationId]: HasBody<Id> extends HasBodyRequired<Id> ? never : Id }[OperationId];
const bodiesMatch: [BodyMismatch] extends [never] ? true : { bodyRequiredWithoutSchemaOrSchemaWithoutIt: BodyMismatch } = true;
void bodiesMatch;

type Flatten<T> = { readonly [K in keyof T]: T[K] };
export type Operations = { readonly [Id in OperationId]: Flatten<Routes[Id] & Schemas[Id] & OperationErrors> };

/** Route and schemas of every operation, in the order of routes.ts. */
export const operations = Object.fromEntries(
  (Object.keys(routes) as OperationId[]).map((id) => {
    const op = { ...routes[id], ...schemas[id] };
    return [id, { ...op, errors: errorStatuses(op) }];
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

export function successStatus(op: Operation): number {
  return Number(Object.keys(op.responses)[0]);
}
