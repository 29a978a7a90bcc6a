// The request-rules rows of incidents and their updates: the create body field by field, the
// update bodies (POST and PUT), the incident PUT and the PATCH beyond the hosted document.
import { expect } from 'vitest';
import { ACCOUNT_A, ACCOUNT_B } from './helpers.js';
import { c, create, createCase, edit, editCase, type Row, UNKNOWN, without, withService, withUpdate } from './request-rules-cases.js';

export const INCIDENT_ROWS: Row[] = [
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
    field: 'incident PATCH (beyond the hosted document): the body',
    upstream: 'not in the document: the PUT’s StatusPageV2IncidentCommon, no field required',
    server:
      'absent or `null`: 400; at least one of `name`, `severity`, `services` (none: 400 naming the body), each checked as on PUT, the others kept; the fields the server sets accepted and ignored',
    cases: [
      c('absent', 'patchIncident', 400, { detail: 'body' }),
      c('null', 'patchIncident', 400, { body: () => null, detail: 'body' }),
      c('empty', 'patchIncident', 400, { body: () => ({}), detail: 'body', notes: true }),
      c('server-set fields only', 'patchIncident', 400, { body: () => ({ id: UNKNOWN, duration: 9 }), detail: 'body', notes: true }),
      c('a bad severity', 'patchIncident', 400, { body: () => ({ severity: 'HUGE' }), detail: 'severity' }),
      c('empty services', 'patchIncident', 400, { body: () => ({ services: [] }), detail: 'services' }),
      c('an unknown field', 'patchIncident', 400, {
        body: () => ({ severity: 'MINOR', incidentUpdates: [] }),
        detail: 'incidentUpdates',
        notes: true,
      }),
      c('severity only', 'patchIncident', 200, {
        body: () => ({ severity: 'CRITICAL' }),
        check: (json, ctx) => expect(json).toMatchObject({ id: ctx.incidentId, severity: 'CRITICAL', services: [{ id: ctx.service.id }] }),
      }),
    ],
  },
];
