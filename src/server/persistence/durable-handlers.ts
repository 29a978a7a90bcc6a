// With --data, no answer leaves the server before the journal lines it depends on are on
// disk. A write waits for its own record; a read waits too when a write is still being
// synced, so nothing a client has seen can vanish in a crash. With nothing pending,
// durable() is undefined and the handler's result goes out as before, with no extra turn.
import type { HandlerResult, Handlers } from '../handlers/types.js';
import type { Journal } from './journal.js';

export function durableHandlers(handlers: Handlers, journal: Journal): Handlers {
  const wrapped: Record<string, (request: unknown) => HandlerResult | Promise<HandlerResult>> = {};
  for (const [id, handler] of Object.entries(handlers) as [string, (request: unknown) => HandlerResult][]) {
    wrapped[id] = (request) => {
      const result = handler(request);
      const synced = journal.durable();
      return synced ? synced.then(() => result) : result;
    };
  }
  // The pipeline (http.ts) awaits what a handler returns, so a promise is waited for before
  // the response is written.
  return wrapped as unknown as Handlers;
}
