// Heartbeat availability and events (docs/api-rules.md#heartbeat-availability, #heartbeat-events).
import type { HeartbeatAvailability } from '../../contract/schemas.js';
import { availabilityWindow, DAY_MS } from '../../contract/rules.js';
import { badField, notFound } from '../http-error.js';
import type { AccountStore } from '../store.js';
import type { Handler } from './types.js';

export const DEFAULT_HEARTBEAT_EVENT_LIMIT = 10;

/** Percentage with two decimals; undefined for a window without events. */
function percentage(successes: number, total: number): number | undefined {
  return total === 0 ? undefined : Math.round((successes / total) * 10_000) / 100;
}

/** The availability answer for [start, end) against the window of the same length before it; null without events in either. */
function availability(store: AccountStore, checkId: string, start: number, end: number): HeartbeatAvailability {
  const current = store.countHeartbeatEvents(checkId, start, end);
  const previous = store.countHeartbeatEvents(checkId, start - (end - start), start);
  if (current.total === 0 && previous.total === 0) return null;
  const successRatio: { previousPeriod?: number; currentPeriod?: number } = {};
  const previousRatio = percentage(previous.successes, previous.total);
  const currentRatio = percentage(current.successes, current.total);
  if (previousRatio !== undefined) successRatio.previousPeriod = previousRatio;
  if (currentRatio !== undefined) successRatio.currentPeriod = currentRatio;
  return { successRatio, totalEntitiesCurrentPeriod: current.total };
}

/** The window a request names, or a 400 naming startTime when it is empty. */
function window(now: number, startTime: string | undefined, endTime: string | undefined): { start: number; end: number } {
  const { start, end, empty } = availabilityWindow(now, startTime, endTime);
  if (empty) throw badField('startTime', `must not be after endTime${endTime === undefined ? ' (default: now)' : ''}`);
  return { start, end };
}

function requireCheck(store: AccountStore, checkId: string): void {
  if (!store.hasHeartbeatCheck(checkId)) throw notFound('heartbeat check', checkId);
}

/** The last 24 hours and the last 7 days, each against the period before, as of now. */
function stats(store: AccountStore, checkId: string, now: number) {
  const end = availabilityWindow(now).end;
  return {
    last24Hours: availability(store, checkId, end - DAY_MS, end),
    last7Days: availability(store, checkId, end - 7 * DAY_MS, end),
  };
}

export const getHeartbeatAvailability: Handler<'getHeartbeatAvailability'> = ({ params, query, account: { store }, app }) => {
  const { start, end } = window(app.now(), query.startTime, query.endTime);
  requireCheck(store, params.checkId);
  return { status: 200, body: availability(store, params.checkId, start, end) };
};

export const listHeartbeatEvents: Handler<'listHeartbeatEvents'> = ({ params, query, account: { store }, app }) => {
  const now = app.now();
  const { start, end } = window(now, query.startTime, query.endTime);
  requireCheck(store, params.checkId);
  const events = store.listHeartbeatEvents(params.checkId, start, end, query.limit ?? DEFAULT_HEARTBEAT_EVENT_LIMIT);
  return { status: 200, body: [{ events, stats: stats(store, params.checkId, now) }] };
};

export const getHeartbeatEvent: Handler<'getHeartbeatEvent'> = ({ params, account: { store }, app }) => {
  requireCheck(store, params.checkId);
  const event = store.getHeartbeatEvent(params.checkId, params.id);
  if (!event) throw notFound('heartbeat event', params.id);
  return { status: 200, body: { event, stats: stats(store, params.checkId, app.now()) } };
};
