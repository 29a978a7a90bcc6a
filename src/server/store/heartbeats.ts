// Each heartbeat check's pings, sorted by time, with the running count of successes that
// answers an availability question in O(log n).
import { z } from 'zod';
import type { HeartbeatEvent } from '../../contract/schemas.js';
import { HeartbeatState, SUCCESS_HEARTBEAT_STATES } from '../../contract/schemas.js';
import { isoUtc } from '../dates.js';
import { FixtureTime, Id } from '../fixtures/fields.js';
import { seededId } from '../fixtures/ids.js';
import { lowerBound } from './collection.js';
import { recordKind } from './kind.js';

/**
 * A ping as recorded. Records written before pings had ids carry none: the store derives one
 * (derivedEventId below), the same on every replay of the file.
 */
export type RecordedHeartbeatEvent = Omit<HeartbeatEvent, 'id'> & { id?: string };

export interface HeartbeatEventRecorded {
  kind: 'heartbeatEventRecorded';
  event: RecordedHeartbeatEvent;
}

/** A check known before any ping (from fixtures). */
export interface HeartbeatCheckAdded {
  kind: 'heartbeatCheckAdded';
  checkId: string;
}

interface HeartbeatSeries {
  /** Sorted by timestamp; `times` and `successesBefore` run in parallel for binary search. */
  readonly events: HeartbeatEvent[];
  readonly times: number[];
  /** successesBefore[i]: successes among events[0..i); one longer than events. */
  readonly successesBefore: number[];
  readonly byId: Map<string, HeartbeatEvent>;
  /** Events applied so far: the ordinal an event recorded without an id derives its id from. */
  recorded: number;
}

function newSeries(): HeartbeatSeries {
  return { events: [], times: [], successesBefore: [0], byId: new Map(), recorded: 0 };
}

export class HeartbeatRecords {
  private readonly byCheck = new Map<string, HeartbeatSeries>();

  constructor(private readonly accountId: string) {}

  /** Each check's events, sorted by timestamp. */
  *all(): Generator<[checkId: string, events: HeartbeatEvent[]]> {
    for (const [checkId, series] of this.byCheck) yield [checkId, series.events];
  }

  has(checkId: string): boolean {
    return this.byCheck.has(checkId);
  }

  /** Events of a heartbeat check with from <= timestamp < to, newest first, at most `limit`. */
  list(checkId: string, from: number, to: number, limit: number): HeartbeatEvent[] {
    const series = this.byCheck.get(checkId);
    if (!series || to <= from) return [];
    const first = lowerBound(series.times, from);
    const events: HeartbeatEvent[] = [];
    for (let index = lowerBound(series.times, to) - 1; index >= first && events.length < limit; index--) events.push(series.events[index]!);
    return events;
  }

  get(checkId: string, id: string): HeartbeatEvent | undefined {
    return this.byCheck.get(checkId)?.byId.get(id);
  }

  /** Events of a heartbeat check with from <= timestamp < to. O(log n). */
  count(checkId: string, from: number, to: number): { total: number; successes: number } {
    const series = this.byCheck.get(checkId);
    if (!series || to <= from) return { total: 0, successes: 0 };
    const first = lowerBound(series.times, from);
    const end = lowerBound(series.times, to);
    return { total: end - first, successes: series.successesBefore[end]! - series.successesBefore[first]! };
  }

  /** A check known before any ping (from fixtures). */
  checkAdded(checkId: string): void {
    if (!this.byCheck.has(checkId)) this.byCheck.set(checkId, newSeries());
  }

  recorded(recorded: RecordedHeartbeatEvent): HeartbeatEvent {
    let series = this.byCheck.get(recorded.checkId);
    if (!series) this.byCheck.set(recorded.checkId, (series = newSeries()));
    const event: HeartbeatEvent = { ...recorded, id: recorded.id ?? this.derivedEventId(recorded.checkId, series.recorded) };
    series.recorded++;
    series.byId.set(event.id, event);
    const at = Date.parse(event.timestamp);
    const success = SUCCESS_HEARTBEAT_STATES.has(event.state) ? 1 : 0;
    // Pings arrive in order almost always: then this is an append. A late one is spliced in.
    const index = lowerBound(series.times, at + 1);
    series.events.splice(index, 0, event);
    series.times.splice(index, 0, at);
    series.successesBefore.splice(index + 1, 0, series.successesBefore[index]! + success);
    for (let i = index + 2; i < series.successesBefore.length; i++) series.successesBefore[i]! += success;
    return event;
  }

  /** A check's events of a snapshot, sorted by timestamp. */
  restore(checkId: string, stored: readonly HeartbeatEvent[]): void {
    // Events of a snapshot written before pings had ids get one derived from their place.
    const events = stored.map((event, index) =>
      (event as Partial<HeartbeatEvent>).id === undefined ? { ...event, id: this.derivedEventId(checkId, index) } : event,
    );
    const times = events.map((event) => Date.parse(event.timestamp));
    const successesBefore = [0];
    for (const event of events) successesBefore.push(successesBefore.at(-1)! + (SUCCESS_HEARTBEAT_STATES.has(event.state) ? 1 : 0));
    const byId = new Map(events.map((event) => [event.id, event]));
    this.byCheck.set(checkId, { events, times, successesBefore, byId, recorded: events.length });
  }

  clear(): void {
    this.byCheck.clear();
  }

  /** The id of a ping recorded before pings had ids: from the check and the ping's ordinal, the same on every replay. */
  private derivedEventId(checkId: string, ordinal: number): string {
    return seededId(this.accountId, 'recorded-heartbeat-event', `${checkId}/#${ordinal}`);
  }
}

export const HeartbeatFixture = z.strictObject({
  checkId: Id,
  events: z.array(z.strictObject({ state: HeartbeatState, timestamp: FixtureTime })),
});

export const heartbeats = recordKind({
  name: 'heartbeats',
  make: (_parts: unknown, accountId: string) => new HeartbeatRecords(accountId),
  changes: {
    heartbeatEventRecorded: (part, change: HeartbeatEventRecorded) => part.recorded(change.event),
    heartbeatCheckAdded: (part, change: HeartbeatCheckAdded) => part.checkAdded(change.checkId),
  },
  snapshot: {
    *write(part) {
      for (const [checkId, events] of part.all()) yield { kind: 'heartbeat' as const, checkId, events };
    },
    restore: {
      heartbeat: (part, entry: { kind: 'heartbeat'; checkId: string; events: HeartbeatEvent[] }) =>
        part.restore(entry.checkId, entry.events),
    },
  },
  fixtures: {
    field: 'heartbeats',
    item: HeartbeatFixture,
    load(items, { id, at, commit }) {
      for (const heartbeat of items) {
        const checkId = id('check', heartbeat.checkId);
        commit<HeartbeatCheckAdded>({ kind: 'heartbeatCheckAdded', checkId });
        const events = heartbeat.events.map((event) => ({ state: event.state, at: at(event.timestamp) }));
        events.sort((a, b) => a.at - b.at);
        for (const [index, event] of events.entries()) {
          commit<HeartbeatEventRecorded>({
            kind: 'heartbeatEventRecorded',
            event: {
              id: id('heartbeat-event', `${heartbeat.checkId}/#${index}`),
              checkId,
              state: event.state,
              timestamp: isoUtc(event.at),
            },
          });
        }
      }
    },
  },
});
