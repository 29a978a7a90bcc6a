// Reference-only inputs (docs/api-rules.md#reference-only-inputs): what check runs would record on the platform.
import { isoUtc } from '../dates.js';
import { guessCheckType } from '../analysis/rules-provider.js';
import { badField } from '../http-error.js';
import type { AppContext, Handler } from './types.js';

/** The event's time in UTC; defaults to now, and an event cannot come from the future. */
export function eventTime(app: AppContext, timestamp: string | undefined): string {
  const now = app.now();
  if (timestamp === undefined) return isoUtc(now);
  if (Date.parse(timestamp) > now) throw badField('timestamp', 'must not be in the future');
  return isoUtc(timestamp);
}

export const recordErrorEvent: Handler<'recordErrorEvent'> = ({ body, account: { store }, app }) => {
  const group = store.recordErrorEvent({
    newGroupId: app.newId(),
    checkId: body.checkId,
    rawErrorMessage: body.rawErrorMessage,
    timestamp: eventTime(app, body.timestamp),
    checkType: guessCheckType(body.rawErrorMessage),
  });
  return { status: 201, body: group };
};

export const recordHeartbeatEvent: Handler<'recordHeartbeatEvent'> = ({ params, body, account: { store }, app }) => {
  const event = store.recordHeartbeatEvent({
    id: app.newId(),
    checkId: params.checkId,
    state: body.state,
    timestamp: eventTime(app, body.timestamp),
  });
  return { status: 201, body: event };
};

/** What subscribers would have been sent (docs/api-rules.md#notifications), newest first. */
export const listNotifications: Handler<'listNotifications'> = ({ query, account: { store } }) => ({
  status: 200,
  body: store.listNotifications(query.incidentId),
});
