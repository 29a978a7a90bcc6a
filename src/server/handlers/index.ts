// One handler per operation of the contract; the type makes a missing one a compile error.
import { updateErrorGroup } from './error-groups.js';
import { getHeartbeatAvailability } from './heartbeats.js';
import { createIncident, createIncidentUpdate, getIncident, getIncidentUpdate, listIncidents, updateIncidentUpdate } from './incidents.js';
import { recordErrorEvent, recordHeartbeatEvent } from './reference.js';
import { getRootCauseAnalysis, requestRootCauseAnalysis } from './root-cause-analyses.js';
import { listRuntimes } from './runtimes.js';
import { getStatusPage, listStatusPages } from './status-pages.js';
import type { Handlers } from './types.js';

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
