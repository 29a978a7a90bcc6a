// One handler per operation of the contract; the type makes a missing one a compile error.
import { updateErrorGroup } from './error-groups.js';
import { getHeartbeatAvailability } from './heartbeats.js';
import { createIncident, createIncidentUpdate, getIncident, getIncidentUpdate, listIncidents, updateIncidentUpdate } from './incidents.js';
import { recordErrorEvent, recordHeartbeatEvent } from './reference.js';
import { getRootCauseAnalysis, requestRootCauseAnalysis } from './root-cause-analyses.js';
import { listRuntimes } from './runtimes.js';
import { getStatusPage, listStatusPages } from './status-pages.js';
import { routes, type OperationId } from '../../contract/routes.js';
import type { Handler, Handlers } from './types.js';

export const handlers: Handlers = {
  listStatusPages,
  getStatusPage,
  createIncident,
  listIncidents,
  getIncident,
  createIncidentUpdate,
  getIncidentUpdate,
  updateIncidentUpdate,
  getRootCauseAnalysis,
  requestRootCauseAnalysis,
  updateErrorGroup,
  getHeartbeatAvailability,
  listRuntimes,
  recordErrorEvent,
  recordHeartbeatEvent,
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
