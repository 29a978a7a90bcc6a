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
 * that changed what a handler answers would not compile). Written out row by row rather than
 * looped over, so each row is checked against its own operation and nothing is cast.
 */
export function mapHandlers(map: Handlers, wrap: <Id extends OperationId>(handler: Handler<Id>) => Handler<Id>): Handlers {
  return {
    listStatusPages: wrap(map.listStatusPages),
    getStatusPage: wrap(map.getStatusPage),
    createIncident: wrap(map.createIncident),
    listIncidents: wrap(map.listIncidents),
    getIncident: wrap(map.getIncident),
    createIncidentUpdate: wrap(map.createIncidentUpdate),
    getIncidentUpdate: wrap(map.getIncidentUpdate),
    updateIncidentUpdate: wrap(map.updateIncidentUpdate),
    getRootCauseAnalysis: wrap(map.getRootCauseAnalysis),
    requestRootCauseAnalysis: wrap(map.requestRootCauseAnalysis),
    updateErrorGroup: wrap(map.updateErrorGroup),
    getHeartbeatAvailability: wrap(map.getHeartbeatAvailability),
    listRuntimes: wrap(map.listRuntimes),
    recordErrorEvent: wrap(map.recordErrorEvent),
    recordHeartbeatEvent: wrap(map.recordHeartbeatEvent),
  };
}
