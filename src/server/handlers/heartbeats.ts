// Heartbeat availability (docs/api-rules.md#heartbeat-availability).
import { availabilityWindow } from '../../contract/rules.js';
import { badField, notFound } from '../http-error.js';
import type { Handler } from './types.js';

/** Percentage with two decimals; undefined for a window without events. */
function percentage(successes: number, total: number): number | undefined {
  return total === 0 ? undefined : Math.round((successes / total) * 10_000) / 100;
}

export const getHeartbeatAvailability: Handler<'getHeartbeatAvailability'> = ({ params, query, account: { store }, app }) => {
  const { start, end, empty } = availabilityWindow(app.now(), query.startTime, query.endTime);
  if (empty) throw badField('startTime', `must not be after endTime${query.endTime === undefined ? ' (default: now)' : ''}`);
  if (!store.hasHeartbeatCheck(params.checkId)) throw notFound('heartbeat check', params.checkId);
  const current = store.countHeartbeatEvents(params.checkId, start, end);
  const previous = store.countHeartbeatEvents(params.checkId, start - (end - start), start);
  if (current.total === 0 && previous.total === 0) return { status: 200, body: null };
  const successRatio: { previousPeriod?: number; currentPeriod?: number } = {};
  const previousRatio = percentage(previous.successes, previous.total);
  const currentRatio = percentage(current.successes, current.total);
  if (previousRatio !== undefined) successRatio.previousPeriod = previousRatio;
  if (currentRatio !== undefined) successRatio.currentPeriod = currentRatio;
  return { status: 200, body: { successRatio, totalEntitiesCurrentPeriod: current.total } };
};
