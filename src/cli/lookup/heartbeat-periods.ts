// Where a window was worst: its hours (a window of up to 2 days) or its days (up to 62 days), each
// asked of the API as a window of its own, and the one with the lowest success ratio. Hours and
// days are UTC ones, clipped to the window at its ends. Read for people on a terminal only, for
// checks below 100 %: a few requests each, through the one client (its rate limit shared).
import type { Client } from '../../client/index.js';
import { availabilityWindow, DAY_MS } from '../../contract/rules.js';
import type { WorstPeriod } from '../views/heartbeat-availability.js';

const HOUR_MS = 3_600_000;
/** Requests in flight at once for one check's periods. */
const AT_ONCE = 4;

/** The periods of [start, end): UTC hours or days, the first and last clipped; none for a longer window. */
export function periodsOf(start: number, end: number): { unit: 'hour' | 'day'; periods: [number, number][] } | undefined {
  const length = end - start;
  const unit = length <= 2 * DAY_MS ? 'hour' : length <= 62 * DAY_MS ? 'day' : undefined;
  if (!unit) return undefined;
  const step = unit === 'hour' ? HOUR_MS : DAY_MS;
  const periods: [number, number][] = [];
  for (let at = start; at < end; ) {
    const next = Math.min((Math.floor(at / step) + 1) * step, end);
    periods.push([at, next]);
    at = next;
  }
  return { unit, periods };
}

/**
 * The period of the window with the lowest success ratio (of those with events; on a tie, the
 * one with more failures, then the later one), or undefined when none has events.
 */
export async function worstPeriod(
  client: Client,
  checkId: string,
  window: { startTime?: string; endTime?: string },
  now: number,
): Promise<WorstPeriod | undefined> {
  const { start, end } = availabilityWindow(now, window.startTime, window.endTime);
  const split = periodsOf(start, end);
  if (!split) return undefined;
  const read: (WorstPeriod & { failures: number })[] = [];
  for (let i = 0; i < split.periods.length; i += AT_ONCE) {
    const batch = split.periods.slice(i, i + AT_ONCE);
    const answers = await Promise.all(
      batch.map(([from, to]) =>
        // The API's endTime includes its own millisecond: the period ends just before the next begins.
        client.getHeartbeatAvailability({
          params: { checkId },
          query: { startTime: new Date(from).toISOString(), endTime: new Date(to - 1).toISOString() },
        }),
      ),
    );
    answers.forEach((answer, at) => {
      const ratio = answer?.successRatio.currentPeriod;
      const events = answer?.totalEntitiesCurrentPeriod ?? 0;
      if (ratio === undefined || ratio === null || events === 0) return;
      const failures = Math.round(events * (1 - ratio / 100));
      read.push({ unit: split.unit, start: new Date(batch[at]![0]).toISOString(), ratio, events, failures });
    });
  }
  let worst: (WorstPeriod & { failures: number }) | undefined;
  for (const period of read) {
    if (!worst || period.ratio < worst.ratio || (period.ratio === worst.ratio && period.failures >= worst.failures)) worst = period;
  }
  if (!worst) return undefined;
  const { failures: _failures, ...shown } = worst;
  return shown;
}
