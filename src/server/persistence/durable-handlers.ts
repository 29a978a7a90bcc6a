// With --data, no answer leaves the server before the journal lines it depends on are on
// disk. A write waits for its own record; a read waits too when a write is still being
// synced, so nothing a client has seen can vanish in a crash. With nothing pending,
// durable() is undefined and the handler's result goes out as before, with no extra turn.
//
// When the journal cannot take a write (journal.ts), the write is answered 507 or 503 and the
// store has been rolled back to the file (data-file.ts); a read that waited on that write is
// answered again from the rolled-back store, so reads keep working while the disk does not.
import { errorBody } from '../../contract/errors.js';
import { mapHandlers } from '../handlers/index.js';
import type { ErrorResult, Handlers } from '../handlers/types.js';
import type { OperationId } from '../../contract/operations.js';
import { JournalWriteError, type Journal } from './journal.js';

function refused<Id extends OperationId>(error: JournalWriteError): ErrorResult<Id> {
  return { status: error.status, body: errorBody(error.status, error.message) };
}

export function durableHandlers(handlers: Handlers, journal: Journal): Handlers {
  // The pipeline (http.ts) awaits what a handler returns, so a promise is waited for before
  // the response is written.
  return mapHandlers(handlers, (handler) => {
    const run: typeof handler = (request) => {
      const appended = journal.appended;
      let result: ReturnType<typeof handler>;
      try {
        result = handler(request);
      } catch (error) {
        // Refused before anything was applied (journal.checkWritable).
        if (error instanceof JournalWriteError) return refused(error);
        throw error;
      }
      const synced = journal.durable();
      if (!synced) return result;
      const wrote = journal.appended !== appended;
      return synced.then(
        () => result,
        (error: unknown) => {
          if (!(error instanceof JournalWriteError)) throw error;
          return wrote ? refused(error) : run(request);
        },
      );
    };
    return run;
  });
}
