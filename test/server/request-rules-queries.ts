// The request-rules rows of what is not a body: the queries of the lists, the path ids and the
// account header.
import { expect } from 'vitest';
import { ACCOUNT_A, ACCOUNT_B } from './helpers.js';
import { c, type Row } from './request-rules-cases.js';

export const QUERY_ROWS: Row[] = [
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
