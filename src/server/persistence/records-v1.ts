// Version 1 of the data file recorded each change as the store method that made it and its
// arguments ({"type":"call","method":"addIncidentUpdate","args":[…]}). This reads such a call
// as the change record it stands for (changes.ts), so files written by a version 1 server
// still open; they are rewritten as version 2 when opened (data-file.ts).
import type { Change } from '../changes.js';

/**
 * One entry per method a version 1 file can name: its arguments as a change. Not checked
 * here: replaying the change (AccountStore.apply) refuses one that does not fit.
 */
const CALLS: Record<string, (args: unknown[]) => unknown> = {
  addService: ([service]) => ({ kind: 'serviceAdded', service }),
  addStatusPage: ([page]) => ({ kind: 'statusPageAdded', page }),
  createIncident: ([incident]) => ({ kind: 'incidentCreated', incident }),
  addIncidentUpdate: ([incidentId, update, today]) => ({ kind: 'incidentUpdateAdded', incidentId, update, today }),
  changeIncidentUpdate: ([incidentId, updateId, changes, today]) => ({
    kind: 'incidentUpdateChanged',
    incidentId,
    updateId,
    changes,
    today,
  }),
  recordErrorEvent: ([event]) => ({ kind: 'errorEventRecorded', event }),
  archiveErrorGroup: ([errorGroupId, mode]) => ({ kind: 'errorGroupArchived', errorGroupId, mode }),
  requestAnalysis: ([request]) => ({ kind: 'analysisRequested', request }),
  completeAnalysis: ([analysis]) => ({ kind: 'analysisCompleted', analysis }),
  recordHeartbeatEvent: ([event]) => ({ kind: 'heartbeatEventRecorded', event }),
  addHeartbeatCheck: ([checkId]) => ({ kind: 'heartbeatCheckAdded', checkId }),
};

/** The change a version 1 call record made, or what is wrong with the record. */
export function changeFromCall(method: unknown, args: unknown): Change | string {
  if (typeof method !== 'string' || !Object.hasOwn(CALLS, method)) return `unknown method ${JSON.stringify(method)}`;
  if (!Array.isArray(args)) return 'args is not an array';
  return CALLS[method]!(args) as Change;
}
