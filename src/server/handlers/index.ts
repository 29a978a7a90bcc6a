// One handler per operation of the contract; the type makes a missing one a compile error.
import { updateErrorGroup } from './error-groups.js';
import { getHeartbeatAvailability } from './heartbeats.js';
import { createIncident, createIncidentUpdate, getIncident, getIncidentUpdate, listIncidents, updateIncidentUpdate } from './incidents.js';
import { recordErrorEvent, recordHeartbeatEvent } from './reference.js';
import { getRootCauseAnalysis, requestRootCauseAnalysis } from './root-cause-analyses.js';
import { listRuntimes } from './runtimes.js';
import { getStatusPage, listStatusPages } from './status-pages.js';
import type { OperationId } from '../../contract/operations.js';
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

/**
 * The same map with every handler wrapped by `wrap`, which keeps each one's type (a wrapper
 * that changed what a handler answers would not compile).
 */
export function mapHandlers(map: Handlers, wrap: <Id extends OperationId>(handler: Handler<Id>) => Handler<Id>): Handlers {
  const wrapOne = <Id extends OperationId>(id: Id): Handler<Id> => wrap(map[id]);
  const wrapped: Partial<Record<OperationId, unknown>> = {};
  for (const id of Object.keys(map) as OperationId[]) wrapped[id] = wrapOne(id);
  // Each key got wrap(map[key]), a Handler<key>; TypeScript cannot follow a loop's key to its row.
  return wrapped as Handlers;
}
