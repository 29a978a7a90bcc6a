// With --data, no answer leaves the server before the changes it depends on are durable. A
// write waits for its own changes; a read waits too when a write is still being flushed, so
// nothing a client has seen can vanish in a crash. With nothing pending, flush() is undefined
// and the handler's result goes out as before, with no extra turn.
//
// When the backend cannot take a write (durability.ts), the write is answered 507 or 503 and
// the stores have been rolled back; a read that waited on that write is answered again from
// the rolled-back store, so reads keep working while the disk does not.
import { errorBody } from '../../contract/errors.js';
import type { OperationId } from '../../contract/operations.js';
import { mapHandlers } from '../handlers/index.js';
import type { ErrorResult, Handlers } from '../handlers/types.js';
import { DurabilityError, type Durability } from './durability.js';

function refused<Id extends OperationId>(error: DurabilityError): ErrorResult<Id> {
  return { status: error.status, body: errorBody(error.status, error.message) };
}

export function durableHandlers(handlers: Handlers, durability: Durability): Handlers {
  // The pipeline (http.ts) awaits what a handler returns, so a promise is waited for before
  // the response is written.
  return mapHandlers(handlers, (handler) => {
    const run: typeof handler = (request) => {
      const appended = durability.appended;
      let result: ReturnType<typeof handler>;
      try {
        result = handler(request);
      } catch (error) {
        // Refused before anything was applied (the store asked durability.failure()).
        if (error instanceof DurabilityError) return refused(error);
        throw error;
      }
      const flushed = durability.flush();
      if (!flushed) return result;
      const wrote = durability.appended !== appended;
      return flushed.then(
        () => result,
        (error: unknown) => {
          if (!(error instanceof DurabilityError)) throw error;
          return wrote ? refused(error) : run(request);
        },
      );
    };
    return run;
  });
}
