// The request-rules rows of V3 incidents: the create, the PUT, the timeline replaced whole and
// the updates (docs/api-rules.md#v3-incidents), each on the row's own V3 page and incident.
import { expect } from 'vitest';
import { EXAMPLE_COMPONENT_ID } from '../../src/contract/resources/v3-incidents.js';
import type { OperationId } from '../../src/contract/table.js';
import { c, type Case, type Ctx, type Row, sampleBody } from './request-rules-cases.js';

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';

/** The row's sample body, naming the row's component, with changes. */
const sampled = (op: OperationId, ctx: Ctx, overrides: Record<string, unknown> = {}) => ({
  ...(JSON.parse(JSON.stringify(sampleBody(op)).replaceAll(EXAMPLE_COMPONENT_ID, ctx.v3.componentId)) as Record<string, unknown>),
  ...overrides,
});
const without = (body: Record<string, unknown>, field: string) => {
  const copy = { ...body };
  delete copy[field];
  return copy;
};
const on =
  (op: OperationId) =>
  (label: string, body: (ctx: Ctx) => unknown, status: number, rest: Partial<Case> = {}) =>
    c(label, op, status, { body, ...rest });
const create = on('createV3Incident');
const change = on('updateV3Incident');
const replace = on('replaceV3IncidentComponentImpacts');
const post = on('createV3IncidentUpdate');
const edit = on('updateV3IncidentUpdate');
const update = (ctx: Ctx, fields: Record<string, unknown>) => sampled('createV3IncidentUpdate', ctx, fields);
const firstUpdate = (ctx: Ctx, fields: Record<string, unknown>) =>
  sampled('createV3Incident', ctx, { incidentUpdates: [{ description: 'Looking', status: 'INVESTIGATING', ...fields }] });
const window = (ctx: Ctx, fields: Record<string, unknown> = {}) => ({
  componentId: ctx.v3.componentId,
  status: 'MAJOR_OUTAGE',
  startedAt: '2025-03-10T09:00:00Z',
  endedAt: '2025-03-10T09:30:00Z',
  ...fields,
});

export const V3_INCIDENT_ROWS: Row[] = [
  {
    field: 'V3 incident create: `name`',
    upstream: 'PublicStatusPageV3IncidentCreate: required string, maxLength 255',
    server: 'missing, not a string or over 255 characters: 400; **empty: 400**',
    cases: [
      c('absent body', 'createV3Incident', 400, { detail: 'body' }),
      create('missing', (ctx) => without(sampled('createV3Incident', ctx), 'name'), 400, { detail: 'name' }),
      create('empty', (ctx) => sampled('createV3Incident', ctx, { name: '' }), 400, { detail: 'name', notes: true }),
      create('256 characters', (ctx) => sampled('createV3Incident', ctx, { name: 'x'.repeat(256) }), 400, { detail: 'name' }),
      create('255 characters', (ctx) => sampled('createV3Incident', ctx, { name: 'x'.repeat(255) }), 201),
      create('an unknown field', (ctx) => sampled('createV3Incident', ctx, { severity: 'MAJOR' }), 400, {
        detail: 'severity',
        notes: true,
      }),
    ],
  },
  {
    field: 'V3 incident create: `incidentUpdates`',
    upstream: 'required array of exactly one PublicStatusPageV3IncidentUpdateMutation (x-constraint length 1)',
    server: 'missing, empty or two items: 400; the item as an update (below)',
    cases: [
      create('missing', (ctx) => without(sampled('createV3Incident', ctx), 'incidentUpdates'), 400, { detail: 'incidentUpdates' }),
      create('empty', (ctx) => sampled('createV3Incident', ctx, { incidentUpdates: [] }), 400, { detail: 'incidentUpdates' }),
      create(
        'two',
        (ctx) =>
          sampled('createV3Incident', ctx, {
            incidentUpdates: [
              { description: 'a', status: 'INVESTIGATING' },
              { description: 'b', status: 'INVESTIGATING' },
            ],
          }),
        400,
        { detail: 'incidentUpdates' },
      ),
      create('without status', (ctx) => firstUpdate(ctx, { status: undefined }), 400, { detail: 'incidentUpdates[0].status' }),
      create('status RESOLVED', (ctx) => firstUpdate(ctx, { status: 'RESOLVED' }), 201, {
        check: (json) => expect(json).toMatchObject({ lastUpdateStatus: 'RESOLVED', componentImpacts: [] }),
      }),
    ],
  },
  {
    field: 'V3 incident create and PUT: `componentImpacts`',
    upstream: 'optional array of PublicStatusPageV3ComponentImpact: componentId (UUID) and status (enum) required',
    server:
      'absent or `[]`: no window; a bad status or a componentId not a UUID: 400; **a component not of the page, or one named twice: 400 naming the item**',
    cases: [
      create('absent', (ctx) => without(sampled('createV3Incident', ctx), 'componentImpacts'), 201, {
        check: (json) => expect(json.componentImpacts).toEqual([]),
      }),
      create(
        'a bad status',
        (ctx) => sampled('createV3Incident', ctx, { componentImpacts: [{ componentId: ctx.v3.componentId, status: 'DOWN' }] }),
        400,
        {
          detail: 'componentImpacts[0].status',
        },
      ),
      create(
        'not a UUID',
        () => ({
          name: 'x',
          componentImpacts: [{ componentId: 'api', status: 'MAJOR_OUTAGE' }],
          incidentUpdates: [{ description: 'x', status: 'INVESTIGATING' }],
        }),
        400,
        {
          detail: 'componentImpacts[0].componentId',
        },
      ),
      create(
        'an unknown component',
        (ctx) => sampled('createV3Incident', ctx, { componentImpacts: [{ componentId: UNKNOWN, status: 'MAJOR_OUTAGE' }] }),
        400,
        {
          detail: 'componentImpacts[0].componentId',
          notes: true,
        },
      ),
      create(
        'named twice',
        (ctx) =>
          sampled('createV3Incident', ctx, {
            componentImpacts: [
              { componentId: ctx.v3.componentId, status: 'MAJOR_OUTAGE' },
              { componentId: ctx.v3.componentId, status: 'OPERATIONAL' },
            ],
          }),
        400,
        {
          detail: 'componentImpacts[1].componentId',
          notes: true,
        },
      ),
      change('PUT: only the name', () => ({ name: 'Renamed' }), 200, { check: (json) => expect(json.componentImpacts).toHaveLength(1) }),
      change('PUT: no name', (ctx) => without(sampled('updateV3Incident', ctx), 'name'), 400, { detail: 'name' }),
      change(
        'PUT: an unknown component',
        () => ({ name: 'x', componentImpacts: [{ componentId: UNKNOWN, status: 'MAJOR_OUTAGE' }] }),
        400,
        {
          detail: 'componentImpacts[0].componentId',
          notes: true,
        },
      ),
    ],
  },
  {
    field: 'V3 component-impacts PUT: `componentImpacts`',
    upstream:
      'PublicStatusPageV3ReplaceComponentImpacts: required array of windows, componentId, status (no OPERATIONAL), startedAt and endedAt (date-time, nullable) all required',
    server:
      'missing, OPERATIONAL, a window field missing or a bad date: 400; **endedAt not after startedAt, windows of one component that overlap, a component not of the page: 400 naming the item**',
    cases: [
      replace('missing', () => ({}), 400, { detail: 'componentImpacts' }),
      replace('empty', () => ({ componentImpacts: [] }), 200, { check: (json) => expect(json.componentImpacts).toEqual([]) }),
      replace('OPERATIONAL', (ctx) => ({ componentImpacts: [window(ctx, { status: 'OPERATIONAL' })] }), 400, {
        detail: 'componentImpacts[0].status',
      }),
      replace('no endedAt', (ctx) => ({ componentImpacts: [without(window(ctx), 'endedAt')] }), 400, {
        detail: 'componentImpacts[0].endedAt',
      }),
      replace('a bad startedAt', (ctx) => ({ componentImpacts: [window(ctx, { startedAt: 'yesterday' })] }), 400, {
        detail: 'componentImpacts[0].startedAt',
      }),
      replace('ending as it starts', (ctx) => ({ componentImpacts: [window(ctx, { endedAt: '2025-03-10T09:00:00Z' })] }), 400, {
        detail: 'componentImpacts[0].endedAt',
        notes: true,
      }),
      replace(
        'overlapping',
        (ctx) => ({ componentImpacts: [window(ctx), window(ctx, { startedAt: '2025-03-10T09:15:00Z', endedAt: null })] }),
        400,
        {
          detail: 'componentImpacts[1]',
          notes: true,
        },
      ),
      replace(
        'one after the other, the last open',
        (ctx) => ({ componentImpacts: [window(ctx), window(ctx, { startedAt: '2025-03-10T09:30:00Z', endedAt: null })] }),
        200,
      ),
    ],
  },
  {
    field: 'V3 incident update POST and PUT: `description`, `status`, `publicIncidentUpdateDate`, `notifySubscribers`',
    upstream: 'PublicStatusPageV3IncidentUpdateMutation: description and status required; date-time; boolean',
    server:
      'description or status missing, a bad status, a bad date, notifySubscribers not a boolean: 400; **an empty description, a date before the first update: 400**',
    cases: [
      c('absent body', 'createV3IncidentUpdate', 400, { detail: 'body' }),
      post('no status', (ctx) => without(update(ctx, {}), 'status'), 400, { detail: 'status' }),
      post('no description', (ctx) => without(update(ctx, {}), 'description'), 400, { detail: 'description' }),
      post('an empty description', (ctx) => update(ctx, { description: '' }), 400, { detail: 'description', notes: true }),
      post('a bad status', (ctx) => update(ctx, { status: 'DONE' }), 400, { detail: 'status' }),
      post('a bad date', (ctx) => update(ctx, { publicIncidentUpdateDate: '2025-03-10' }), 400, { detail: 'publicIncidentUpdateDate' }),
      post('before the first update', (ctx) => update(ctx, { publicIncidentUpdateDate: '2025-03-10T08:59:59Z' }), 400, {
        detail: 'publicIncidentUpdateDate',
        notes: true,
      }),
      post('notifySubscribers a string', (ctx) => update(ctx, { notifySubscribers: 'yes' }), 400, { detail: 'notifySubscribers' }),
      post('the sample', (ctx) => update(ctx, {}), 201, { check: (json) => expect(json.status).toBe('MONITORING') }),
      edit('PUT: no status', () => ({ description: 'x' }), 400, { detail: 'status' }),
      edit('PUT: the sample', (ctx) => sampled('updateV3IncidentUpdate', ctx), 200, {
        check: (json) => expect(json.status).toBe('IDENTIFIED'),
      }),
    ],
  },
];
