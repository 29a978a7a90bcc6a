// One handler per operation of the contract; the type makes a missing one a compile error.
import { routes, type OperationId } from '../../contract/routes.js';
import { getErrorGroup, listCheckErrorGroups, listErrorGroups, updateErrorGroup } from './error-groups.js';
import { getHeartbeatAvailability, getHeartbeatEvent, listHeartbeatEvents } from './heartbeats.js';
import {
  createIncident,
  createIncidentUpdate,
  deleteIncident,
  deleteIncidentUpdate,
  getIncident,
  getIncidentUpdate,
  listIncidents,
  listIncidentUpdates,
  updateIncident,
  updateIncidentUpdate,
} from './incidents.js';
import { listNotifications, recordErrorEvent, recordHeartbeatEvent } from './reference.js';
import { getRootCauseAnalysis, requestErrorGroupAnalysis, requestRootCauseAnalysis } from './root-cause-analyses.js';
import { getRuntime, listRuntimes } from './runtimes.js';
import { getService, listServices } from './services.js';
import { getStatusPage, listStatusPages } from './status-pages.js';
import { createSubscriptions, deleteSubscription, listSubscriptions, verifySubscription } from './subscriptions.js';
import type { Handler, Handlers } from './types.js';

export const handlers: Handlers = {
  listStatusPages,
  getStatusPage,
  listServices,
  getService,
  listSubscriptions,
  createSubscriptions,
  deleteSubscription,
  createIncident,
  listIncidents,
  getIncident,
  updateIncident,
  deleteIncident,
  listIncidentUpdates,
  createIncidentUpdate,
  getIncidentUpdate,
  updateIncidentUpdate,
  deleteIncidentUpdate,
  getRootCauseAnalysis,
  requestRootCauseAnalysis,
  requestErrorGroupAnalysis,
  listErrorGroups,
  listCheckErrorGroups,
  getErrorGroup,
  updateErrorGroup,
  getHeartbeatAvailability,
  listHeartbeatEvents,
  getHeartbeatEvent,
  listRuntimes,
  getRuntime,
  recordErrorEvent,
  recordHeartbeatEvent,
  verifySubscription,
  listNotifications,
};

type Wrap = <Id extends OperationId>(handler: Handler<Id>) => Handler<Id>;

/**
 * The same map with every handler wrapped by `wrap`, which keeps each one's type (a wrapper
 * that changed what a handler answers would not compile). Made by walking the operations table,
 * so a new operation needs no line here; `handlers` above is where a missing one fails to compile.
 */
export function mapHandlers(map: Handlers, wrap: Wrap): Handlers {
  const entries = (Object.keys(routes) as OperationId[]).map((id) => [id, wrapOne(map, wrap, id)] as const);
  // The one assertion, and the runtime's to make: TypeScript cannot follow the walk over the
  // table's ids to the mapped type; each entry was checked against its own operation in wrapOne.
  return Object.fromEntries(entries) as unknown as Handlers;
}

/** Generic in the id, so the wrapped handler is checked against its own operation. */
function wrapOne<Id extends OperationId>(map: Handlers, wrap: Wrap, id: Id): Handler<Id> {
  return wrap(map[id]);
}
