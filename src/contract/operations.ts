// Every operation of the API as data. The server's router, the client's methods, the CLI's
// help and the published OpenAPI document are all built from this one table.
import type { z } from 'zod';
import * as s from './schemas.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  readonly method: Method;
  /** Path template; `{name}` segments are path parameters (all strings, all required). */
  readonly path: string;
  readonly summary: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** False when the whole body may be left out (it is then validated as `null`). */
  readonly bodyRequired?: boolean;
  /** Success responses by status; the first one is the operation's usual success. */
  readonly responses: Readonly<Record<number, z.ZodType>>;
  /** Routes of the reference server only, not of the hosted API (CONTRACT-NOTES §9). */
  readonly referenceOnly?: boolean;
}

function define<const T extends Record<string, Operation>>(table: T): T {
  return table;
}

export const operations = define({
  listStatusPages: {
    method: 'GET',
    path: '/v1/status-pages',
    summary: 'List the status pages of the account, with their cards, incidents and keys',
    query: s.PageQuery,
    responses: { 200: s.StatusPageList },
  },
  getStatusPage: {
    method: 'GET',
    path: '/v1/status-pages/{statusPageId}',
    summary: 'Retrieve one status page',
    responses: { 200: s.StatusPage },
  },
  createIncident: {
    method: 'POST',
    path: '/v1/status-pages/incidents',
    summary: 'Create an incident',
    body: s.CreateIncidentInput,
    bodyRequired: true,
    responses: { 201: s.Incident },
  },
  listIncidents: {
    method: 'GET',
    path: '/v1/status-pages/incidents',
    summary: 'List the latest incidents, newest first, paginated',
    query: s.PageQuery,
    responses: { 200: s.IncidentList },
  },
  getIncident: {
    method: 'GET',
    path: '/v1/status-pages/incidents/{incidentId}',
    summary: 'Retrieve an incident',
    responses: { 200: s.Incident },
  },
  createIncidentUpdate: {
    method: 'POST',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates',
    summary: 'Add an update to an incident',
    body: s.IncidentUpdateInput,
    bodyRequired: true,
    responses: { 200: s.IncidentUpdate },
  },
  getIncidentUpdate: {
    method: 'GET',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    summary: 'Retrieve an incident update',
    responses: { 200: s.IncidentUpdate },
  },
  updateIncidentUpdate: {
    method: 'PUT',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    summary: 'Change an incident update',
    body: s.IncidentUpdateInput,
    bodyRequired: true,
    responses: { 200: s.IncidentUpdate },
  },
  getRootCauseAnalysis: {
    method: 'GET',
    path: '/v1/root-cause-analyses/{id}',
    summary: 'Retrieve a root cause analysis (202 while it is still being generated)',
    responses: { 200: s.RootCauseAnalysis, 202: s.RootCauseAnalysisPending },
  },
  requestRootCauseAnalysis: {
    method: 'POST',
    path: '/v1/root-cause-analyses/test-session-error-groups/{testSessionErrorGroupId}',
    summary: 'Request a root cause analysis of an error group',
    body: s.RequestAnalysisInput,
    bodyRequired: false,
    responses: { 202: s.RootCauseAnalysisPending },
  },
  updateErrorGroup: {
    method: 'PATCH',
    path: '/v1/error-groups/{id}',
    summary: 'Archive or unarchive an error group',
    body: s.ErrorGroupPatch,
    bodyRequired: true,
    responses: { 200: s.ErrorGroup },
  },
  getHeartbeatAvailability: {
    method: 'GET',
    path: '/v1/checks/heartbeats/{checkId}/availability',
    summary: 'Success ratio of a heartbeat check, now and in the previous period',
    query: s.AvailabilityQuery,
    responses: { 200: s.HeartbeatAvailability },
  },
  listRuntimes: {
    method: 'GET',
    path: '/v1/runtimes',
    summary: 'List the supported runtimes',
    responses: { 200: s.RuntimeList },
  },
  recordErrorEvent: {
    method: 'POST',
    path: '/_reference/error-events',
    summary: 'Record an error from a check run (reference server only)',
    body: s.ErrorEventInput,
    bodyRequired: true,
    responses: { 201: s.ErrorGroup },
    referenceOnly: true,
  },
  recordHeartbeatEvent: {
    method: 'POST',
    path: '/_reference/heartbeats/{checkId}/events',
    summary: 'Record a heartbeat ping (reference server only)',
    body: s.HeartbeatEventInput,
    bodyRequired: true,
    responses: { 201: s.HeartbeatEvent },
    referenceOnly: true,
  },
});

export type Operations = typeof operations;
export type OperationId = keyof Operations;

type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

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

export function successStatus(op: Operation): number {
  return Number(Object.keys(op.responses)[0]);
}
