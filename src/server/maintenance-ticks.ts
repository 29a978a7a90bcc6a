// Keeping scheduled maintenance on time on the real clock: what the clock passes (a start, an
// end, a reminder) also happens while no request comes, so the open status pages hear of it and
// the notices go out at their time. With --test-clock nothing runs by itself: the clock moves
// only when told, and moving it brings every account up to it (handlers/clock.ts).
import type { AppContext } from './handlers/types.js';
import type { Durability } from './persistence/durability.js';

/** How often the windows are brought up to the clock: reminders and starts come within this of their time. */
const TICK_MS = 15_000;

export function keepMaintenanceOnTime(
  app: AppContext,
  stopped: AbortSignal,
  data: Durability | undefined,
  log: (line: string) => void,
): void {
  const tick = setInterval(() => {
    app.catchUpAll?.();
    data?.flush()?.catch((error: unknown) => {
      log(`error: scheduled maintenance not brought up to the clock: ${error instanceof Error ? error.message : String(error)}`);
    });
  }, TICK_MS);
  // The interval never holds the process open, and ends with the server.
  tick.unref();
  stopped.addEventListener('abort', () => clearInterval(tick), { once: true });
}
