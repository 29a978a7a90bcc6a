// The test clock (`statusctl server --test-clock`): moved forward by a request, so what depends on
// time is tried without waiting for it (docs/reference-server.md#the-test-clock).
import { errorBody } from '../../contract/errors.js';
import { ClockMoveRefused } from '../clock.js';
import { badField } from '../http-error.js';
import type { Handler } from './types.js';

export const moveClock: Handler<'moveClock'> = ({ body, app }) => {
  if (!app.testClock)
    return { status: 404, body: errorBody(404, 'this server keeps real time: start it with --test-clock to move its clock') };
  try {
    app.testClock.moveTo(Date.parse(body.now));
  } catch (error) {
    if (error instanceof ClockMoveRefused) throw badField('now', error.message);
    throw error;
  }
  // What the clock passed happens now: maintenances start and end, reminders go out, pages hear of it.
  app.catchUpAll?.();
  return { status: 200, body: { now: new Date(app.now()).toISOString() } };
};
