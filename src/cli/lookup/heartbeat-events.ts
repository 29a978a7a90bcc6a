// Every event of a window, though the API gives at most 10 a request and no cursor: the window is
// walked back by time, each request ending just before the oldest event the last one gave, until
// a request gives fewer than it was asked for or the window's start is passed. What --state keeps
// is chosen on this side, so the walk goes on until enough events match. Each request goes
// through the one client, so a 429 pauses the walk as it would any command (--max-wait).
import type { Client } from '../../client/index.js';
import { availabilityWindow } from '../../contract/rules.js';
import { CliError, ExitCode } from '../errors/exit-codes.js';

/** The most events the API gives a request. */
export const EVENTS_PER_REQUEST = 10;

type Answer = Awaited<ReturnType<Client['listHeartbeatEvents']>>;
export type Ping = NonNullable<Answer[number]['events']>[number];
export type EventStats = Answer[number]['stats'];

export interface Walked {
  /** The events kept, newest first. */
  events: Ping[];
  /** The stats of the first answer (the check's last 24 hours and 7 days: the same in every answer). */
  stats: EventStats | undefined;
  /** Events read, kept or not. */
  read: number;
  /** Requests sent. */
  requests: number;
  /** Whether the walk reached the window's start (false: it stopped with `wanted` events kept). */
  complete: boolean;
}

export interface WalkRequest {
  checkId: string;
  /** The window as the API takes it (windowQuery). */
  window: { startTime?: string; endTime?: string };
  /** The run's clock: where a window without --to ends. */
  now: number;
  /** Events to keep at most; Infinity for every one. */
  wanted: number;
  keep: (event: Ping) => boolean;
  /** Told after each request but the last: events kept so far and how far back the walk has come. */
  onStep?: (kept: number, reachedBack: string) => void | Promise<void>;
}

export async function walkEvents(client: Client, request: WalkRequest): Promise<Walked> {
  const { checkId, window, wanted, keep } = request;
  // Every request names the window's start: without it each would default to 24 hours before its own end.
  const start = availabilityWindow(request.now, window.startTime, window.endTime).start;
  const startTime = window.startTime ?? new Date(start).toISOString();
  const events: Ping[] = [];
  const seen = new Set<string>();
  let endTime = window.endTime;
  /** Where the last request the walk chose ended: each must end earlier than the one before. */
  let lastBefore = Number.POSITIVE_INFINITY;
  let stats: EventStats | undefined;
  let read = 0;
  let requests = 0;
  for (;;) {
    const query = { startTime, ...(endTime !== undefined ? { endTime } : {}), limit: String(EVENTS_PER_REQUEST) };
    const answer = await client.listHeartbeatEvents({ params: { checkId }, query });
    requests++;
    stats ??= answer[0]?.stats;
    const page = answer.flatMap((entry) => entry.events ?? []);
    let oldest = Number.POSITIVE_INFINITY;
    for (const event of page) {
      const at = Date.parse(event.timestamp ?? '');
      if (Number.isFinite(at)) oldest = Math.min(oldest, at);
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      read++;
      if (keep(event)) events.push(event);
      if (events.length >= wanted) return { events, stats, read, requests, complete: false };
    }
    if (page.length < EVENTS_PER_REQUEST || !Number.isFinite(oldest)) return { events, stats, read, requests, complete: true };
    // The next request ends just before the oldest event seen (the API's endTime includes its own millisecond).
    const before = oldest - 1;
    if (before < start) return { events, stats, read, requests, complete: true };
    if (before >= lastBefore) {
      // An answer that never goes back would keep the walk here for ever.
      throw new CliError(ExitCode.failure, `the server gave no event older than ${endTime}; stopped reading events`);
    }
    lastBefore = before;
    endTime = new Date(before).toISOString();
    await request.onStep?.(events.length, new Date(oldest).toISOString());
  }
}
