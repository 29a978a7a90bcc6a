// What the server refuses, field by field, against the hosted API's request schemas
// (spec/upstream-openapi-subset.json) plus the rules of docs/api-rules.md on top. Each row is a row of the
// table in docs/reference-server.md (checked below) and one test of a request to the server (in process). Every body case
// is also run through the upstream schema (ajv): a body the hosted API refuses must be refused
// here; a refusal the upstream schema does not make must be marked as a rule of docs/api-rules.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, sampleOf, type OperationId } from '../../src/contract/table.js';
import { demoIds } from '../../src/server/index.js';
import { upstreamBodyProblems, upstreamHasBody } from '../parity/upstream-requests.js';
import {
  ACCOUNT_A,
  ACCOUNT_B,
  expectError,
  incidentBody,
  someServices,
  startTestServer,
  TWO_ACCOUNTS,
  type TestServer,
} from './helpers.js';

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';

interface Ctx {
  server: TestServer;
  /** A service of account A, as a create body names it. */
  service: { id: string; name: string; accountId: string };
  /** A service of account B. */
  serviceOfB: { id: string; name: string; accountId: string };
  incidentId: string;
  updateId: string;
  errorGroupId: string;
  statusPageId: string;
}

interface Case {
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

interface Row {
  field: string;
  upstream: string;
  server: string;
  cases: Case[];
}

/** A row's sample body (src/contract/row.ts, Sample), the valid body each field's cases change. */
const sampleBody = (id: OperationId) => sampleOf(id)?.body as Record<string, unknown>;
/** A create body: the row's sample, naming a service of account A. */
const create = (ctx: Ctx, overrides: Record<string, unknown> = {}) => ({
  ...sampleBody('createIncident'),
  services: [ctx.service],
  ...overrides,
});
const withService = (ctx: Ctx, fields: Record<string, unknown>, omit?: string) => {
  const service: Record<string, unknown> = { ...ctx.service, ...fields };
  if (omit) delete service[omit];
  return create(ctx, { services: [service] });
};
const withUpdate = (ctx: Ctx, fields: Record<string, unknown>) =>
  create(ctx, { incidentUpdates: [{ description: 'Investigating', ...fields }] });
const without = (body: Record<string, unknown>, field: string) => {
  const copy = { ...body };
  delete copy[field];
  return copy;
};
const c = (label: string, op: OperationId, status: number, rest: Partial<Case> = {}): Case => ({ label, op, status, ...rest });
/** A body for PUT of an incident (upstream's StatusPageV2IncidentCommon). */
const edit = (ctx: Ctx, overrides: Record<string, unknown> = {}) => ({
  ...sampleBody('updateIncident'),
  services: [ctx.service],
  ...overrides,
});
const editCase = (label: string, body: (ctx: Ctx) => unknown, status: number, rest: Partial<Case> = {}) =>
  c(label, 'updateIncident', status, { body, ...rest });
let subscribers = 0;
/**
 * A body for the bulk subscription create; without addresses, one of its own, since the rows
 * share a server and an address already subscribed is skipped.
 */
const subscribe = (overrides: Record<string, unknown> = {}, ...configs: string[]) => ({
  ...sampleBody('createSubscriptions'),
  subscriptions: (configs.length ? configs : [`ops+${++subscribers}@example.com`]).map((config) => ({ type: 'EMAIL', config })),
  ...overrides,
});
const subscribeCase = (label: string, body: () => unknown, status: number, rest: Partial<Case> = {}) =>
  c(label, 'createSubscriptions', status, { body, ...rest });
const createCase = (label: string, body: (ctx: Ctx) => unknown, status: number, rest: Partial<Case> = {}) =>
  c(label, 'createIncident', status, { body, ...rest });

const ROWS: Row[] = [
  {
    field: 'create: the body',
    upstream: 'object CreateStatusPageV2Incident, required',
    server: 'absent, `null`, an array or a string: 400; malformed JSON: 400; not `application/json`: 415',
    cases: [
      c('absent', 'createIncident', 400, { detail: 'body' }),
      createCase('null', () => null, 400, { detail: 'body' }),
      createCase('an array', (ctx) => [create(ctx)], 400, { detail: 'body' }),
      c('malformed JSON', 'createIncident', 400, { raw: '{"name": ' }),
      c('not JSON', 'createIncident', 415, { raw: 'name=x', headers: { 'content-type': 'text/plain' } }),
      createCase('a valid body', (ctx) => create(ctx), 201),
    ],
  },
  {
    field: '`name`',
    upstream: 'required string, maxLength 255',
    server: 'missing, not a string, empty or over 255 characters: 400',
    cases: [
      createCase('missing', (ctx) => without(create(ctx), 'name'), 400, { detail: 'name' }),
      createCase('a number', (ctx) => create(ctx, { name: 7 }), 400, { detail: 'name' }),
      createCase('empty', (ctx) => create(ctx, { name: '' }), 400, { detail: 'name', notes: true }),
      createCase('256 characters', (ctx) => create(ctx, { name: 'x'.repeat(256) }), 400, { detail: 'name' }),
      createCase('255 characters', (ctx) => create(ctx, { name: 'x'.repeat(255) }), 201),
    ],
  },
  {
    field: '`severity`',
    upstream: 'required, enum CRITICAL, MAJOR, MEDIUM, MINOR',
    server: 'missing or any other value (lower case too): 400',
    cases: [
      createCase('missing', (ctx) => without(create(ctx), 'severity'), 400, { detail: 'severity' }),
      createCase('lower case', (ctx) => create(ctx, { severity: 'major' }), 400, { detail: 'severity' }),
      createCase('unknown', (ctx) => create(ctx, { severity: 'HUGE' }), 400, { detail: 'severity' }),
      createCase('MINOR', (ctx) => create(ctx, { severity: 'MINOR' }), 201),
    ],
  },
  {
    field: '`services`',
    upstream: 'required array of IncidentService, minItems 1',
    server: 'missing, not an array or empty: 400',
    cases: [
      createCase('missing', (ctx) => without(create(ctx), 'services'), 400, { detail: 'services' }),
      createCase('empty', (ctx) => create(ctx, { services: [] }), 400, { detail: 'services' }),
      createCase('an object', (ctx) => create(ctx, { services: ctx.service }), 400, { detail: 'services' }),
    ],
  },
  {
    field: '`services[].id`',
    upstream: 'required string, x-format guid',
    server:
      'missing or not a UUID: 400; a UUID that is not a service of the caller’s account (unknown, or another account’s): 400 naming `services[i].id`',
    cases: [
      createCase('missing', (ctx) => withService(ctx, {}, 'id'), 400, { detail: 'services[0].id' }),
      createCase('not a UUID', (ctx) => withService(ctx, { id: 'svc-1' }), 400, { detail: 'services[0].id' }),
      createCase('an unknown UUID', (ctx) => withService(ctx, { id: UNKNOWN }), 400, { detail: 'services[0].id', notes: true }),
      createCase('a service of another account', (ctx) => withService(ctx, { id: ctx.serviceOfB.id }), 400, {
        detail: 'services[0].id',
        notes: true,
      }),
    ],
  },
  {
    field: '`services[].name`',
    upstream: 'required string',
    server: 'missing, not a string or empty: 400; otherwise not compared with the stored name: the stored service is returned',
    cases: [
      createCase('missing', (ctx) => withService(ctx, {}, 'name'), 400, { detail: 'services[0].name' }),
      createCase('empty', (ctx) => withService(ctx, { name: '' }), 400, { detail: 'services[0].name', notes: true }),
      createCase('another name', (ctx) => withService(ctx, { name: 'Not its name' }), 201, {
        check: (json, ctx) => expect(json.services[0].name).toBe(ctx.service.name),
      }),
    ],
  },
  {
    field: '`services[].accountId`',
    upstream: 'required string, x-format guid',
    server: 'missing or not a UUID: 400; another account’s id: 400 naming `services[i].accountId`',
    cases: [
      createCase('missing', (ctx) => withService(ctx, {}, 'accountId'), 400, { detail: 'services[0].accountId' }),
      createCase('not a UUID', (ctx) => withService(ctx, { accountId: 'acct-1' }), 400, { detail: 'services[0].accountId' }),
      createCase('another account', (ctx) => withService(ctx, { accountId: ACCOUNT_B.id }), 400, {
        detail: 'services[0].accountId',
        notes: true,
      }),
    ],
  },
  {
    field: '`services[].created_at`',
    upstream: 'optional string, format date',
    server: 'not a `YYYY-MM-DD` date: 400; ignored',
    cases: [
      createCase('not a date', (ctx) => withService(ctx, { created_at: '10/03/2025' }), 400, { detail: 'services[0].created_at' }),
      createCase('no such day', (ctx) => withService(ctx, { created_at: '2025-02-30' }), 400, { detail: 'services[0].created_at' }),
      createCase('a date', (ctx) => withService(ctx, { created_at: '2025-02-28' }), 201),
    ],
  },
  {
    field: '`services[].updated_at`',
    upstream: 'optional string, format date, nullable',
    server: '`null` or a date; anything else: 400; ignored',
    cases: [
      createCase('null', (ctx) => withService(ctx, { updated_at: null }), 201),
      createCase('not a date', (ctx) => withService(ctx, { updated_at: 'yesterday' }), 400, { detail: 'services[0].updated_at' }),
    ],
  },
  {
    field: '`services[]`, other fields',
    upstream: 'not in the schema',
    server: '400 `"color" is not allowed`',
    cases: [createCase('an unknown field', (ctx) => withService(ctx, { color: 'red' }), 400, { detail: 'services[0].color', notes: true })],
  },
  {
    field: '`incidentUpdates`',
    upstream: 'required array, x-constraint length 1',
    server: 'missing, not an array, none or more than one: 400 `expected exactly one update`',
    cases: [
      createCase('missing', (ctx) => without(create(ctx), 'incidentUpdates'), 400, { detail: 'incidentUpdates' }),
      createCase('none', (ctx) => create(ctx, { incidentUpdates: [] }), 400, { detail: 'incidentUpdates' }),
      createCase('two', (ctx) => create(ctx, { incidentUpdates: [{ description: 'a' }, { description: 'b' }] }), 400, {
        detail: 'incidentUpdates',
      }),
    ],
  },
  {
    field: '`incidentUpdates[0].description`',
    upstream: 'required string',
    server: 'missing, not a string or empty: 400',
    cases: [
      createCase('missing', (ctx) => create(ctx, { incidentUpdates: [{ status: 'IDENTIFIED' }] }), 400, {
        detail: 'incidentUpdates[0].description',
      }),
      createCase('empty', (ctx) => withUpdate(ctx, { description: '' }), 400, { detail: 'incidentUpdates[0].description', notes: true }),
    ],
  },
  {
    field: '`incidentUpdates[0].status`',
    upstream: 'optional, enum INVESTIGATING, IDENTIFIED, MONITORING, RESOLVED',
    server: 'any other value: 400; absent: INVESTIGATING',
    cases: [
      createCase('unknown', (ctx) => withUpdate(ctx, { status: 'OPEN' }), 400, { detail: 'incidentUpdates[0].status' }),
      createCase('absent', (ctx) => create(ctx), 201, { check: (json) => expect(json.incidentUpdates[0].status).toBe('INVESTIGATING') }),
    ],
  },
  {
    field: '`incidentUpdates[0].publicIncidentUpdateDate`',
    upstream: 'optional string, format date-time',
    server: 'not a date-time with a time zone (a date alone too): 400; stored in UTC; absent: now',
    cases: [
      createCase('a date alone', (ctx) => withUpdate(ctx, { publicIncidentUpdateDate: '2025-03-10' }), 400, {
        detail: 'incidentUpdates[0].publicIncidentUpdateDate',
      }),
      createCase('not a date', (ctx) => withUpdate(ctx, { publicIncidentUpdateDate: 'yesterday' }), 400, {
        detail: 'incidentUpdates[0].publicIncidentUpdateDate',
      }),
      createCase('with an offset', (ctx) => withUpdate(ctx, { publicIncidentUpdateDate: '2025-03-10T10:00:00+01:00' }), 201, {
        check: (json) => expect(json.incidentUpdates[0].publicIncidentUpdateDate).toBe('2025-03-10T09:00:00.000Z'),
      }),
    ],
  },
  {
    field: '`incidentUpdates[0].notifySubscribers`',
    upstream: 'optional boolean, default false',
    server: 'not a boolean (`null` too): 400; absent: false',
    cases: [
      createCase('null', (ctx) => withUpdate(ctx, { notifySubscribers: null }), 400, { detail: 'incidentUpdates[0].notifySubscribers' }),
      createCase('a string', (ctx) => withUpdate(ctx, { notifySubscribers: 'yes' }), 400, {
        detail: 'incidentUpdates[0].notifySubscribers',
      }),
      createCase('absent', (ctx) => create(ctx), 201, { check: (json) => expect(json.incidentUpdates[0].notifySubscribers).toBe(false) }),
    ],
  },
  {
    field: '`incidentUpdates[0].id`, `.created_at`',
    upstream: 'optional: string x-format guid; string format date',
    server: 'not a UUID / not a date: 400; ignored (the server assigns them)',
    cases: [
      createCase('id not a UUID', (ctx) => withUpdate(ctx, { id: 'u1' }), 400, { detail: 'incidentUpdates[0].id' }),
      createCase('created_at not a date', (ctx) => withUpdate(ctx, { created_at: 'c' }), 400, { detail: 'incidentUpdates[0].created_at' }),
      createCase('both valid', (ctx) => withUpdate(ctx, { id: UNKNOWN, created_at: '2020-01-01' }), 201, {
        check: (json) => expect(json.incidentUpdates[0].id).not.toBe(UNKNOWN),
      }),
    ],
  },
  {
    field: '`incidentUpdates[0]`, other fields',
    upstream: 'not in the schema',
    server: '400 `"…" is not allowed`',
    cases: [
      createCase('an unknown field', (ctx) => withUpdate(ctx, { author: 'me' }), 400, { detail: 'incidentUpdates[0].author', notes: true }),
    ],
  },
  {
    field: '`id`',
    upstream: 'optional string, x-format guid',
    server: 'not a UUID: 400; ignored (the server assigns ids)',
    cases: [
      createCase('not a UUID', (ctx) => create(ctx, { id: 'client-id' }), 400, { detail: 'id' }),
      createCase('a UUID', (ctx) => create(ctx, { id: UNKNOWN }), 201, { check: (json) => expect(json.id).not.toBe(UNKNOWN) }),
    ],
  },
  {
    field: '`created_at`, `updated_at`',
    upstream: 'optional string, format date (not nullable)',
    server: 'not a date, or `null`: 400; ignored',
    cases: [
      createCase('created_at not a date', (ctx) => create(ctx, { created_at: '2025-13-01' }), 400, { detail: 'created_at' }),
      createCase('updated_at null', (ctx) => create(ctx, { updated_at: null }), 400, { detail: 'updated_at' }),
      createCase('both dates', (ctx) => create(ctx, { created_at: '2020-01-01', updated_at: '2020-01-02' }), 201),
    ],
  },
  {
    field: '`lastUpdateStatus`',
    upstream: 'optional, enum of the statuses',
    server: 'another value or `null`: 400; ignored (derived from the updates)',
    cases: [
      createCase('null', (ctx) => create(ctx, { lastUpdateStatus: null }), 400, { detail: 'lastUpdateStatus' }),
      createCase('RESOLVED', (ctx) => create(ctx, { lastUpdateStatus: 'RESOLVED' }), 201, {
        check: (json) => expect(json.lastUpdateStatus).toBe('INVESTIGATING'),
      }),
    ],
  },
  {
    field: '`duration`',
    upstream: 'optional integer, nullable',
    server: 'not an integer (1.5, a string): 400; `null` accepted; ignored',
    cases: [
      createCase('1.5', (ctx) => create(ctx, { duration: 1.5 }), 400, { detail: 'duration' }),
      createCase('a string', (ctx) => create(ctx, { duration: '60' }), 400, { detail: 'duration' }),
      createCase('null', (ctx) => create(ctx, { duration: null }), 201, { check: (json) => expect(json.duration).toBeNull() }),
    ],
  },
  {
    field: 'create: other fields',
    upstream: 'not in the schema',
    server: '400 `"foo" is not allowed`',
    cases: [createCase('foo', (ctx) => create(ctx, { foo: 1 }), 400, { detail: 'foo', notes: true })],
  },
  {
    field: 'update (POST, PUT): `description`',
    upstream: 'StatusPageV2IncidentUpdate: required string',
    server: 'missing, not a string or empty: 400',
    cases: [
      c('POST missing', 'createIncidentUpdate', 400, { body: () => ({ status: 'MONITORING' }), detail: 'description' }),
      c('PUT empty', 'updateIncidentUpdate', 400, { body: () => ({ description: '' }), detail: 'description', notes: true }),
      c('PUT a number', 'updateIncidentUpdate', 400, { body: () => ({ description: 5 }), detail: 'description' }),
    ],
  },
  {
    field: 'update: `status`',
    upstream: 'optional, enum of the statuses',
    server: 'another value: 400; POST absent: the incident’s current status; PUT absent: unchanged',
    cases: [
      c('POST unknown', 'createIncidentUpdate', 400, { body: () => ({ description: 'x', status: 'DONE' }), detail: 'status' }),
      c('POST absent', 'createIncidentUpdate', 200, {
        body: () => ({ description: 'x' }),
        check: (json) => expect(json.status).toBe('INVESTIGATING'),
      }),
    ],
  },
  {
    field: 'update: `publicIncidentUpdateDate`',
    upstream: 'optional string, format date-time',
    server: 'not a date-time with a time zone: 400; POST absent: now; PUT absent: unchanged',
    cases: [
      c('PUT no time zone', 'updateIncidentUpdate', 400, {
        body: () => ({ description: 'x', publicIncidentUpdateDate: '2025-03-10T10:00:00' }),
        detail: 'publicIncidentUpdateDate',
      }),
      c('PUT in UTC', 'updateIncidentUpdate', 200, {
        body: () => ({ description: 'x', publicIncidentUpdateDate: '2025-03-10T10:00:00Z' }),
        check: (json) => expect(json.publicIncidentUpdateDate).toBe('2025-03-10T10:00:00.000Z'),
      }),
    ],
  },
  {
    field: 'update: `notifySubscribers`',
    upstream: 'optional boolean',
    server: 'not a boolean (`null` too): 400',
    cases: [
      c('POST null', 'createIncidentUpdate', 400, {
        body: () => ({ description: 'x', notifySubscribers: null }),
        detail: 'notifySubscribers',
      }),
    ],
  },
  {
    field: 'update: `id`, `created_at`; other fields',
    upstream: 'optional: string x-format guid; string format date; others not in the schema',
    server: 'not a UUID / not a date: 400, otherwise ignored; any other field: 400 `is not allowed`',
    cases: [
      c('id not a UUID', 'createIncidentUpdate', 400, { body: () => ({ description: 'x', id: 'u1' }), detail: 'id' }),
      c('created_at not a date', 'updateIncidentUpdate', 400, {
        body: () => ({ description: 'x', created_at: 'today' }),
        detail: 'created_at',
      }),
      c('an unknown field', 'createIncidentUpdate', 400, { body: () => ({ description: 'x', foo: 1 }), detail: 'foo', notes: true }),
    ],
  },
  {
    field: 'incident PUT: the body',
    upstream: 'object StatusPageV2IncidentCommon',
    server:
      'absent or `null`: 400; `name`, `severity`, `services` required and checked as on create; the fields the server sets accepted and ignored',
    cases: [
      c('absent', 'updateIncident', 400, { detail: 'body' }),
      editCase('null', () => null, 400, { detail: 'body' }),
      editCase('no name', (ctx) => without(edit(ctx), 'name'), 400, { detail: 'name' }),
      editCase('no severity', (ctx) => without(edit(ctx), 'severity'), 400, { detail: 'severity' }),
      editCase('no services', (ctx) => without(edit(ctx), 'services'), 400, { detail: 'services' }),
      editCase('empty services', (ctx) => edit(ctx, { services: [] }), 400, { detail: 'services' }),
      editCase('a service without accountId', (ctx) => edit(ctx, { services: [{ id: ctx.service.id, name: 'x' }] }), 400, {
        detail: 'services[0].accountId',
      }),
      editCase('a service of another account', (ctx) => edit(ctx, { services: [{ ...ctx.serviceOfB, accountId: ACCOUNT_A.id }] }), 400, {
        detail: 'services[0].id',
        notes: true,
      }),
      editCase(
        'server-set fields',
        (ctx) => edit(ctx, { id: UNKNOWN, created_at: '2000-01-01', lastUpdateStatus: 'RESOLVED', duration: 9 }),
        200,
        {
          check: (json, ctx) => expect(json).toMatchObject({ id: ctx.incidentId, lastUpdateStatus: 'INVESTIGATING', duration: null }),
        },
      ),
      editCase('a valid body', (ctx) => edit(ctx), 200),
    ],
  },
  {
    field: 'incident PUT: other fields (`incidentUpdates` too)',
    upstream: 'not in the schema',
    server: '400 `"incidentUpdates" is not allowed`: updates are changed on their own route',
    cases: [editCase('incidentUpdates', (ctx) => edit(ctx, { incidentUpdates: [] }), 400, { detail: 'incidentUpdates', notes: true })],
  },
  {
    field: 'bulk subscriptions: `subscriptions`',
    upstream: 'BulkCreateSubscriptionsPayload: required array, minItems 1, maxItems 100',
    server: 'missing, not an array, empty or over 100 items: 400; absent body: 400',
    cases: [
      c('absent body', 'createSubscriptions', 400, { detail: 'body' }),
      subscribeCase('missing', () => ({ autoVerify: true }), 400, { detail: 'subscriptions' }),
      subscribeCase('empty', () => ({ subscriptions: [] }), 400, { detail: 'subscriptions' }),
      subscribeCase('101 items', () => subscribe({}, ...Array.from({ length: 101 }, (_, i) => `u${i}@example.com`)), 400, {
        detail: 'subscriptions',
      }),
      subscribeCase('100 items', () => subscribe({}, ...Array.from({ length: 100 }, (_, i) => `u${i}@example.com`)), 201),
    ],
  },
  {
    field: 'bulk subscriptions: `subscriptions[].type`, `.config`',
    upstream: 'type: required, enum EMAIL; config: required string',
    server: 'type missing or another value: 400; config missing, not a string **or not an email address**: 400 naming the item',
    cases: [
      subscribeCase('another type', () => ({ subscriptions: [{ type: 'SMS', config: 'ops@example.com' }] }), 400, {
        detail: 'subscriptions[0].type',
      }),
      subscribeCase('no config', () => ({ subscriptions: [{ type: 'EMAIL' }] }), 400, { detail: 'subscriptions[0].config' }),
      subscribeCase('not an email address', () => subscribe({}, 'ops@example.com', 'ops at example'), 400, {
        detail: 'subscriptions[1].config',
        notes: true,
      }),
      subscribeCase('other fields', () => ({ subscriptions: [{ type: 'EMAIL', config: 'ops@example.com', name: 'x' }] }), 400, {
        detail: 'subscriptions[0].name',
        notes: true,
      }),
    ],
  },
  {
    field: 'bulk subscriptions: `autoVerify`; other fields',
    upstream: 'optional boolean, default false; others not in the schema',
    server: 'not a boolean: 400; absent: false (PENDING); any other field: 400 `is not allowed`',
    cases: [
      subscribeCase('a string', () => subscribe({ autoVerify: 'yes' }), 400, { detail: 'autoVerify' }),
      subscribeCase('true', () => subscribe({ autoVerify: true }), 201, { check: (json) => expect(json.status).toBe('VERIFIED') }),
      subscribeCase('an unknown field', () => subscribe({ notify: true }), 400, { detail: 'notify', notes: true }),
    ],
  },
  {
    field: 'analysis request: the body',
    upstream: 'PostRcaErrorGroup: object, nullable, optional',
    server: 'absent, `null` or `{}`: 202; an array or a string: 400',
    cases: [
      c('absent', 'requestRootCauseAnalysis', 202),
      c('null', 'requestRootCauseAnalysis', 202, { body: () => null }),
      c('{}', 'requestRootCauseAnalysis', 202, { body: () => ({}) }),
      c('an array', 'requestRootCauseAnalysis', 400, { body: () => [], detail: 'body' }),
      c("absent, a check's group", 'requestErrorGroupAnalysis', 202),
      c("an array, a check's group", 'requestErrorGroupAnalysis', 400, { body: () => [], detail: 'body' }),
    ],
  },
  {
    field: 'analysis request: `userContext`',
    upstream: 'optional string, nullable, maxLength 256',
    server: 'not a string, or over 256 characters: 400; `null` accepted',
    cases: [
      c('257 characters', 'requestRootCauseAnalysis', 400, { body: () => ({ userContext: 'x'.repeat(257) }), detail: 'userContext' }),
      c('a number', 'requestRootCauseAnalysis', 400, { body: () => ({ userContext: 5 }), detail: 'userContext' }),
      c('256 characters', 'requestRootCauseAnalysis', 202, { body: () => ({ userContext: 'x'.repeat(256) }) }),
      c('null', 'requestRootCauseAnalysis', 202, { body: () => ({ userContext: null }) }),
      c("257 characters, a check's group", 'requestErrorGroupAnalysis', 400, {
        body: () => ({ userContext: 'x'.repeat(257) }),
        detail: 'userContext',
      }),
    ],
  },
  {
    field: 'analysis request: other fields',
    upstream: 'not in the schema',
    server: '400 `is not allowed`',
    cases: [c('an unknown field', 'requestRootCauseAnalysis', 400, { body: () => ({ context: 'x' }), detail: 'context', notes: true })],
  },
  {
    field: 'error group PATCH: `archiveForEver`, `archivedUntilNextEvent`',
    upstream: 'ErrorGroupPatch: optional booleans',
    server: 'not a boolean: 400; neither given: 400; other fields: 400',
    cases: [
      c('a string', 'updateErrorGroup', 400, { body: () => ({ archiveForEver: 'yes' }), detail: 'archiveForEver' }),
      c('neither', 'updateErrorGroup', 400, { body: () => ({}), notes: true }),
      c('an unknown field', 'updateErrorGroup', 400, { body: () => ({ archiveForEver: true, snooze: 1 }), detail: 'snooze', notes: true }),
      c('one', 'updateErrorGroup', 200, { body: () => ({ archivedUntilNextEvent: true }) }),
    ],
  },
  {
    field: 'query `limit` (cursor lists: status pages, incidents, services)',
    upstream: 'integer, minimum 1, maximum 100, default 20',
    server: '`0`, `101`, `1.5`, `abc`, empty or given twice: 400',
    cases: [
      c('0', 'listIncidents', 400, { query: '?limit=0', detail: 'limit' }),
      c('101', 'listStatusPages', 400, { query: '?limit=101', detail: 'limit' }),
      c('1.5', 'listIncidents', 400, { query: '?limit=1.5', detail: 'limit' }),
      c('empty', 'listIncidents', 400, { query: '?limit=', detail: 'limit' }),
      c('twice', 'listIncidents', 400, { query: '?limit=1&limit=2', detail: 'limit' }),
      c('100', 'listIncidents', 200, { query: '?limit=100' }),
      c('0, services', 'listServices', 400, { query: '?limit=0', detail: 'limit' }),
    ],
  },
  {
    field: 'query `paginated` (services)',
    upstream: 'boolean, default true',
    server: '`true` or `false` (all at once); anything else, empty or twice: 400',
    cases: [
      c('false', 'listServices', 200, { query: '?paginated=false', check: (json) => expect(json.nextId).toBeNull() }),
      c('yes', 'listServices', 400, { query: '?paginated=yes', detail: 'paginated' }),
    ],
  },
  {
    field: 'query `limit`, `page` (error group lists)',
    upstream: 'limit: integer 1 to 100, default 10; page: number, positive, default 1',
    server: 'limit `0`, `101`, `1.5`: 400; page `0`, `-1`, **`1.5`**: 400 (a page is a whole number); past the last page: `[]`',
    cases: [
      c('limit 101', 'listErrorGroups', 400, { query: '?limit=101', detail: 'limit' }),
      c('page 0', 'listErrorGroups', 400, { query: '?page=0', detail: 'page' }),
      c('page 1.5', 'listCheckErrorGroups', 400, { query: '?page=1.5', detail: 'page', notes: true }),
      c('page 999', 'listErrorGroups', 200, { query: '?limit=100&page=999', check: (json) => expect(json).toEqual([]) }),
    ],
  },
  {
    field: 'query `limit` (heartbeat events)',
    upstream: 'number, maximum 10, default 10',
    server: '`0`, `11`, `1.5`, empty or twice: 400',
    cases: [
      c('11', 'listHeartbeatEvents', 400, { query: '?limit=11', detail: 'limit' }),
      c('0', 'listHeartbeatEvents', 400, { query: '?limit=0', detail: 'limit', notes: true }),
      c('10', 'listHeartbeatEvents', 200, { query: '?limit=10' }),
    ],
  },
  {
    field: 'query `nextId`',
    upstream: 'string',
    server: 'a value that is not a cursor this server gave for this list, or empty: 400',
    cases: [
      c('made up', 'listIncidents', 400, { query: '?nextId=abc', detail: 'nextId' }),
      c('empty', 'listStatusPages', 400, { query: '?nextId=', detail: 'nextId' }),
    ],
  },
  {
    field: 'query `startTime`, `endTime` (availability, heartbeat events)',
    upstream: 'string, format date',
    server: '**looser on purpose:** a date or a full date-time (see Dates); anything else, empty, twice, or startTime after endTime: 400',
    cases: [
      c('a date-time', 'getHeartbeatAvailability', 200, { query: '?startTime=2025-03-09T00:00:00Z' }),
      c('not a date', 'getHeartbeatAvailability', 400, { query: '?startTime=yesterday', detail: 'startTime' }),
      c('after endTime', 'getHeartbeatAvailability', 400, { query: '?startTime=2025-03-10&endTime=2025-03-01' }),
      c('a date-time, events', 'listHeartbeatEvents', 200, { query: '?startTime=2025-03-09T00:00:00Z' }),
      c('after endTime, events', 'listHeartbeatEvents', 400, { query: '?startTime=2025-03-10&endTime=2025-03-01' }),
    ],
  },
  {
    field: 'path ids (`incidentId`, `incidentUpdateId`, `statusPageId`, `serviceId`, `subscriptionId`, `id`, `errorGroupId`, `checkId`, …)',
    upstream: 'string, x-format guid',
    server:
      'of a heartbeat check or event (where the hosted document lists a 400): not a UUID: 400 `"checkId" must be a valid GUID`, before any lookup; **looser on purpose** elsewhere: an id that is not a UUID is not refused as malformed: 404, since nothing has such an id',
    cases: [
      c('checkId of availability', 'getHeartbeatAvailability', 400, { params: { checkId: 'not-a-uuid' } }),
      c('checkId of the events', 'listHeartbeatEvents', 400, { params: { checkId: 'not-a-uuid' } }),
      c('id of an event', 'getHeartbeatEvent', 400, { params: { checkId: '00000000-0000-4000-8000-000000000000', id: 'not-a-uuid' } }),
      c('incidentId', 'getIncident', 404, { params: { incidentId: 'not-a-uuid' } }),
      c('id of an error group', 'updateErrorGroup', 404, { params: { id: 'not-a-uuid' }, body: () => ({ archiveForEver: true }) }),
      c('serviceId', 'getService', 404, { params: { serviceId: 'not-a-uuid' } }),
      c('subscriptionId', 'deleteSubscription', 404, { params: { subscriptionId: 'not-a-uuid' } }),
    ],
  },
  {
    field: 'header `x-service-account`',
    upstream: '`x-checkly-account`: string, x-format guid',
    server:
      'named `x-service-account` here (on purpose); optional; not a UUID: 400 (`"x-service-account" must be a valid GUID`); another account’s id: 403',
    cases: [
      c('another account', 'listRuntimes', 403, { headers: { 'x-service-account': ACCOUNT_B.id } }),
      c('not a UUID', 'listRuntimes', 400, { headers: { 'x-service-account': 'acct-1' } }),
      c('the key’s account', 'listRuntimes', 200, { headers: { 'x-service-account': ACCOUNT_A.id } }),
    ],
  },
];

let rows = 0;
/**
 * A row's own incident and error group, on the server the rows share: what a row changes (an
 * incident edited, a group archived) is its own. The other records a row writes are new ones
 * (incidents, subscriptions, analyses), which no other row reads.
 */
async function context(server: TestServer): Promise<Ctx> {
  const [service] = await someServices(server);
  const [serviceOfB] = await someServices(server, ACCOUNT_B.key);
  const created = await server.call('POST', '/v1/status-pages/incidents', { body: await incidentBody(server) });
  // A message of its own: events of one message are one group.
  const group = await server.call('POST', '/_reference/error-events', {
    body: { checkId: 'c1', rawErrorMessage: `Error: boom in row ${++rows}` },
  });
  const pages = await server.call('GET', '/v1/status-pages?limit=1');
  return {
    server,
    service: service!,
    serviceOfB: serviceOfB!,
    incidentId: created.json.id,
    updateId: created.json.incidentUpdates[0].id,
    errorGroupId: group.json.id,
    statusPageId: pages.json.entries[0].id,
  };
}

function pathOf(ctx: Ctx, each: Case): string {
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
    ...each.params,
  };
  return routes[each.op].path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name]!)) + (each.query ?? '');
}

describe('what the server refuses, as the hosted API does (docs/reference-server.md)', () => {
  // One server for the rows: starting one, with the demo data of two accounts, is most of a row's cost.
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(TWO_ACCOUNTS);
  });

  it.each(ROWS.map((row) => [row.field, row] as const))('%s', async (_field, row) => {
    const ctx = await context(server);
    for (const each of row.cases) {
      const what = `${row.field}: ${each.label}`;
      const body = each.body?.(ctx);
      const result = await ctx.server.call(routes[each.op].method, pathOf(ctx, each), {
        ...(each.body ? { body } : {}),
        ...(each.raw !== undefined ? { rawBody: each.raw, headers: { 'content-type': 'application/json', ...each.headers } } : {}),
        ...(each.raw === undefined && each.headers ? { headers: each.headers } : {}),
      });
      expect(result.status, `${what}\n${result.text}`).toBe(each.status);
      if (each.status >= 400) {
        const error = expectError(result, each.status);
        if (each.detail) expect(error.details?.[0]?.path, what).toBe(each.detail);
      } else {
        each.check?.(result.json, ctx);
      }
      // The same body against the hosted API's schema: what it refuses is refused here; what
      // is refused here only by a rule of docs/api-rules.md, it accepts.
      if (upstreamHasBody(each.op) && each.raw === undefined && each.body !== undefined && (each.status < 300 || each.status === 400)) {
        const problems = upstreamBodyProblems(each.op, JSON.stringify(body));
        if (each.status < 300 || each.notes) expect(problems, `${what}: upstream accepts it`).toEqual([]);
        else expect(problems.length, `${what}: upstream refuses it too`).toBeGreaterThan(0);
      }
    }
  });

  // STATUSCTL_WRITE_DOCS=1 writes the table from the rows above (then `npx biome format --write
  // docs/reference-server.md` aligns it), so a new row is written once, here.
  it('is the table of the docs page, row for row', () => {
    const docPath = new URL('../../docs/reference-server.md', import.meta.url);
    if (process.env.STATUSCTL_WRITE_DOCS === '1') {
      const current = readFileSync(docPath, 'utf8');
      const start = current.indexOf('<!-- request rules: start -->');
      const end = current.indexOf('<!-- request rules: end -->');
      const lines = [
        '<!-- request rules: start -->',
        '| field | upstream rule | server behaviour |',
        '| --- | --- | --- |',
        ...ROWS.map((row) => `| ${row.field} | ${row.upstream} | ${row.server} |`),
        '',
      ];
      writeFileSync(docPath, current.slice(0, start) + lines.join('\n') + current.slice(end));
    }
    const doc = readFileSync(docPath, 'utf8');
    const table = doc.slice(doc.indexOf('<!-- request rules: start -->'), doc.indexOf('<!-- request rules: end -->'));
    const lines = table.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| field ') && !line.startsWith('| ---'));
    const cells = (line: string) =>
      line
        .slice(2, -2)
        .split(' | ')
        .map((cell) => cell.trim());
    expect(lines.map(cells)).toEqual(ROWS.map((row) => [row.field, row.upstream, row.server]));
  });
});

describe('every JSON answer says nosniff', () => {
  it('on a success, an error of the pipeline, an answer before the body, the contract and a request the parser refuses', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const answers = {
      ok: await server.call('GET', '/v1/runtimes'),
      contract: await server.call('GET', '/openapi.json', { key: null }),
      noKey: await server.call('GET', '/v1/runtimes', { key: null }),
      unknown: await server.call('GET', '/v1/nothing-here'),
      invalid: await server.call('POST', '/v1/status-pages/incidents', { body: {} }),
      tooLarge: await server.call('POST', '/v1/status-pages/incidents', {
        rawBody: Buffer.alloc(2 * 1024 * 1024, 'x'),
        headers: { 'content-type': 'application/json' },
      }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.headers.get('content-type'), name).toMatch(/^application\/json/);
      expect(answer.headers.get('x-content-type-options'), name).toBe('nosniff');
    }
    expect(answers.tooLarge.status).toBe(413);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1');
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
      socket.write('GET /v1/runtimes HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw.toLowerCase()).toContain('x-content-type-options: nosniff');
  });
});

describe('text is UTF-8: ill-formed Unicode and other charsets are refused, nothing is stored', () => {
  it('answers 400 naming each field that holds a lone surrogate, 400 for bytes that are not UTF-8, 415 for another charset', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const body = await incidentBody(server);
    const json = JSON.stringify(body);
    const before = (await server.call('GET', '/v1/status-pages/incidents?limit=100')).text;
    const post = (rawBody: string | Buffer, contentType = 'application/json') =>
      server.call('POST', '/v1/status-pages/incidents', { rawBody, headers: { 'content-type': contentType } });

    // JSON.stringify writes a lone surrogate as the escape `\ud800`: valid JSON, no Unicode text.
    const lone = await post(JSON.stringify({ ...body, name: 'Checkout \ud800 down', incidentUpdates: [{ description: '\udc00' }] }));
    const error = expectError(lone, 400);
    expect(error.details).toEqual([
      { path: 'name', message: 'holds a lone UTF-16 surrogate: not Unicode text' },
      { path: 'incidentUpdates[0].description', message: 'holds a lone UTF-16 surrogate: not Unicode text' },
    ]);
    expect(error.message).toContain('name: ');
    const inKey = expectError(await post(json.replace('"name"', '"na\\udbffme"')), 400);
    expect(inKey.details?.[0]?.path).toBe('na\udbffme');
    // A surrogate pair (one emoji) is Unicode text: accepted, and read back the same.
    const emoji = await post(JSON.stringify({ ...body, name: 'Checkout \ud83d\udd25 down' }));
    expect(emoji.status, emoji.text).toBe(201);
    expect(emoji.json.name).toBe('Checkout 🔥 down');

    // Bytes that are not UTF-8: a Latin-1 é, a lone continuation byte, an encoded surrogate, an overlong slash.
    for (const bad of [[0xe9], [0x80], [0xed, 0xa0, 0x80], [0xc0, 0xaf]]) {
      const bytes = Buffer.concat([Buffer.from(json.slice(0, 10)), Buffer.from(bad), Buffer.from(json.slice(10))]);
      const refused = expectError(await post(bytes), 400);
      expect(refused.details, bad.join(' ')).toEqual([{ path: 'body', message: 'is not valid UTF-8' }]);
    }

    // A charset other than UTF-8 is 415, whatever the bytes; UTF-8 spelled any way is fine.
    for (const charset of ['iso-8859-1', 'ISO-8859-1', '"latin1"', 'utf-16', 'windows-1252']) {
      const refused = expectError(await post(Buffer.from(json, 'latin1'), `application/json; charset=${charset}`), 415);
      expect(refused.message).toContain('UTF-8');
    }
    for (const charset of ['utf-8', 'UTF-8', '"utf-8"', 'utf8']) {
      expect((await post(json, `application/json; charset=${charset}`)).status, charset).toBe(201);
    }

    // Every list answer still parses as strict JSON, and nothing refused was stored.
    const after = await server.call('GET', '/v1/status-pages/incidents?limit=100');
    expect(after.text.includes('\\ud8') || after.text.includes('\\udc') || after.text.includes('\ufffd')).toBe(false);
    expect(after.json.entries).toHaveLength(JSON.parse(before).entries.length + 5);
  });
});
