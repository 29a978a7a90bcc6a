// The request-rules rows of scheduled maintenance: a window's time zone, its instants, its
// repeat, and the window list's comparisons.
import { expect } from 'vitest';
import { c, type Row, sampleBody } from './request-rules-cases.js';

const window = (overrides: Record<string, unknown> = {}) => ({
  ...sampleBody('createMaintenanceWindow'),
  statusPageVisibility: { enabled: false },
  ...overrides,
});
const create = (label: string, overrides: Record<string, unknown>, status: number, rest = {}) =>
  c(label, 'createMaintenanceWindow', status, { body: () => window(overrides), ...rest });

export const MAINTENANCE_ROWS: Row[] = [
  {
    field: 'maintenance windows: `timezone`',
    upstream: 'string, nullable',
    server: 'a named IANA time zone (`Europe/Berlin`); an offset such as `+05:00` or an unknown name: 400 naming it; null or left out: UTC',
    cases: [
      create('an offset', { timezone: '+05:00' }, 400, { detail: 'timezone', notes: true }),
      create('an unknown zone', { timezone: 'Mars/Olympus_Mons' }, 400, { detail: 'timezone', notes: true }),
      create('null', { timezone: null }, 201, { check: (json: { timezone: string }) => expect(json.timezone).toBe('UTC') }),
    ],
  },
  {
    field: 'maintenance windows: `startsAt`, `endsAt`',
    upstream: 'required on create, `format: date`',
    server: 'a date-time with its offset, or a date (midnight in the time zone); endsAt not after startsAt: 400 naming endsAt',
    cases: [
      create('not an instant', { startsAt: 'soon' }, 400, { detail: 'startsAt' }),
      create('ends before it starts', { startsAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-01T09:00:00Z' }, 400, {
        detail: 'endsAt',
        notes: true,
      }),
      create('bare dates', { startsAt: '2030-01-01', endsAt: '2030-01-02', timezone: 'Asia/Tokyo', repeatInterval: null }, 201, {
        check: (json: { startsAt: string }) => expect(json.startsAt).toBe('2029-12-31T15:00:00.000Z'),
      }),
    ],
  },
  {
    field: 'maintenance windows: `repeatInterval`, `repeatUnit`',
    upstream: 'repeatInterval an integer 1 to 365 or null; repeatUnit required on create',
    server: 'as upstream; repeatUnit one of `DAY`, `WEEK`, `MONTH`',
    cases: [
      create('repeatInterval 0', { repeatInterval: 0 }, 400, { detail: 'repeatInterval' }),
      create('repeatInterval 366', { repeatInterval: 366 }, 400, { detail: 'repeatInterval' }),
      create('repeatUnit HOUR', { repeatUnit: 'HOUR' }, 400, { detail: 'repeatUnit', notes: true }),
      create('once', { repeatInterval: null }, 201),
    ],
  },
  {
    field: 'query: maintenance windows `startsAt[op]`, `endsAt[op]`',
    upstream: 'an object of `gt`, `gte`, `lt`, `lte`, each a date',
    server: '`startsAt[gt]=instant` and the like; another comparison or a value that is no instant: 400',
    cases: [
      c('unknown comparison', 'listMaintenanceWindows', 400, { query: '?startsAt[after]=2030-01-01', detail: 'startsAt.after' }),
      c('not an instant', 'listMaintenanceWindows', 400, { query: '?endsAt[lt]=tomorrow', detail: 'endsAt.lt' }),
      c('a comparison', 'listMaintenanceWindows', 200, { query: '?startsAt[gte]=2030-01-01&endsAt[lt]=2031-01-01T00:00:00Z' }),
    ],
  },
];
