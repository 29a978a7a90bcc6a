// An incident's derived fields (lastUpdateStatus, duration) are kept up to date as updates are
// added and changed, without walking every update (store.ts, timeline.ts). Checked against
// the rules of docs/api-rules.md#incidents-and-their-updates written out naively over the whole list, after every step of random
// histories with many ties and dates moved both ways.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INCIDENT_STATUSES } from '../../src/contract/enums.js';
import type { IncidentStatus, IncidentUpdate } from '../../src/contract/schemas.js';
import { AccountStore } from '../../src/server/store.js';

/** The rules as written: the latest update by date, the one stored last on a tie; duration from the earliest. */
function expected(updates: readonly IncidentUpdate[]): { lastUpdateStatus: IncidentStatus; duration: number | null } {
  const dates = updates.map((update) => Date.parse(update.publicIncidentUpdateDate));
  const latestDate = Math.max(...dates);
  const latestIndex = dates.lastIndexOf(latestDate);
  const latest = updates[latestIndex];
  if (!latest) return { lastUpdateStatus: 'INVESTIGATING', duration: null };
  return {
    lastUpdateStatus: latest.status,
    duration: latest.status === 'RESOLVED' ? Math.floor((latestDate - Math.min(...dates)) / 1000) : null,
  };
}

const BASE = Date.parse('2025-03-10T00:00:00.000Z');
// Few distinct instants, half a second apart: ties are common and durations round down.
const date = fc.integer({ min: 0, max: 12 }).map((n) => new Date(BASE + n * 500).toISOString());
const status = fc.constantFrom(...INCIDENT_STATUSES);

type Step =
  | { kind: 'add'; status: IncidentStatus; date: string }
  | { kind: 'change'; pick: number; status?: IncidentStatus; date?: string; description?: string };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), status, date }),
  fc.record(
    {
      kind: fc.constant('change' as const),
      pick: fc.nat(),
      status,
      date,
      description: fc.string({ maxLength: 5 }),
    },
    { requiredKeys: ['kind', 'pick'] },
  ),
);

let nextId = 0;
const newUpdate = (status: IncidentStatus, date: string): IncidentUpdate => ({
  id: `u${nextId++}`,
  description: 'step',
  status,
  publicIncidentUpdateDate: date,
  created_at: date.slice(0, 10),
  notifySubscribers: false,
});

describe('incident derived fields', () => {
  it('stay equal to the rules over the whole list after every add and change', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(status, date), { minLength: 1, maxLength: 4 }), fc.array(step, { maxLength: 40 }), (initial, steps) => {
        const store = new AccountStore('acct');
        store.addService({ id: 's1', name: 'API', accountId: 'acct', created_at: '2025-03-01' });
        const incident = store.createIncident({
          id: 'i1',
          name: 'outage',
          severity: 'MAJOR',
          serviceIds: ['s1'],
          incidentUpdates: initial.map(([s, d]) => newUpdate(s, d)),
          created_at: '2025-03-10',
        });
        const check = () => {
          const { lastUpdateStatus, duration } = incident;
          expect({ lastUpdateStatus, duration }).toEqual(expected(incident.incidentUpdates));
          // What a GET answers is the incident as it is now, not a stale serialization.
          expect(JSON.parse(store.incidentJson(incident).toString())).toEqual(JSON.parse(JSON.stringify(incident)));
          for (const update of incident.incidentUpdates) expect(store.getIncidentUpdate('i1', update.id)).toBe(update);
        };
        check();
        for (const s of steps) {
          if (s.kind === 'add') store.addIncidentUpdate('i1', newUpdate(s.status, s.date), '2025-03-11');
          else {
            const target = incident.incidentUpdates[s.pick % incident.incidentUpdates.length]!;
            store.changeIncidentUpdate(
              'i1',
              target.id,
              { status: s.status, publicIncidentUpdateDate: s.date, description: s.description },
              '2025-03-11',
            );
          }
          check();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a change to an update that is not there is refused, and nothing moves', () => {
    const store = new AccountStore('acct');
    store.addService({ id: 's1', name: 'API', accountId: 'acct', created_at: '2025-03-01' });
    const incident = store.createIncident({
      id: 'i1',
      name: 'outage',
      severity: 'MAJOR',
      serviceIds: ['s1'],
      incidentUpdates: [newUpdate('RESOLVED', '2025-03-10T00:00:10.000Z'), newUpdate('INVESTIGATING', '2025-03-10T00:00:00.000Z')],
      created_at: '2025-03-10',
    });
    expect(incident.duration).toBe(10);
    expect(() => store.changeIncidentUpdate('i1', 'nope', { status: 'IDENTIFIED' }, '2025-03-11')).toThrow('nope');
    expect(incident).toMatchObject({ lastUpdateStatus: 'RESOLVED', duration: 10 });
  });
});
