// With --data, no answer leaves the server before the journal lines it depends on are on
// disk. A write waits for its own record; a read waits too when a write is still being
// synced, so nothing a client has seen can vanish in a crash. With nothing pending,
// durable() is undefined and the handler's result goes out as before, with no extra turn.
import { mapHandlers } from '../handlers/index.js';
import type { Handlers } from '../handlers/types.js';
import type { Journal } from './journal.js';

export function durableHandlers(handlers: Handlers, journal: Journal): Handlers {
  // The pipeline (http.ts) awaits what a handler returns, so a promise is waited for before
  // the response is written.
  return mapHandlers(handlers, (handler) => (request) => {
    const result = handler(request);
    const synced = journal.durable();
    return synced ? synced.then(() => result) : result;
  });
}
