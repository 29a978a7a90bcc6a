// Incidents of the current generation's status pages and their component impacts.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';

const V3_PAGE_ID = { statusPageId: 'id of the V3 status page (list_v3_status_pages)' };
export const V3_INCIDENT_IDS = { ...V3_PAGE_ID, incidentId: 'id of the incident of that page (list_v3_incidents, create_v3_incident)' };

/** A component of the page, as the samples name one. */
export const EXAMPLE_COMPONENT_ID = '00000000-0000-4000-8000-0000000000e4';

/** How a lost V3 update is found among an incident's (row.ts, Match): an incident's first update too. */
export const V3_UPDATE_MATCH = {
  description: 'sent',
  status: 'sent',
  notifySubscribers: 'if-sent',
  publicIncidentUpdateDate: 'if-sent',
} as const;

/** A sample update: every field of the hosted document's update body. */
export const V3_UPDATE_SAMPLE = {
  description: 'We are investigating elevated error rates.',
  status: 'INVESTIGATING',
  publicIncidentUpdateDate: '2025-03-10T10:00:00.000Z',
  notifySubscribers: false,
} as const;

export const v3IncidentRows = define('incidents', {
  listV3Incidents: {
    method: 'GET',
    path: '/v3/status-pages/{statusPageId}/incidents',
    summary: "List a V3 status page's incidents, most recently changed first, paginated",
    paramDescriptions: V3_PAGE_ID,
    sample: { params: { statusPageId: EXAMPLE_ID }, query: { limit: '20' } },
    query: 'PageQuery',
    responses: { 200: 'V3IncidentList' },
    tool: {
      title: "List a V3 status page's incidents",
      description:
        'Lists the incidents of a components-based (V3) status page, most recently changed first, each with its lastUpdateStatus and component impact windows (not its updates: get_v3_incident). Paginated: pass the nextId of a page to get the next one (limit 1 to 100, default 20). Gives the incidentId the V3 incident tools need.',
    },
  },
  createV3Incident: {
    method: 'POST',
    path: '/v3/status-pages/{statusPageId}/incidents',
    publishes: 'v3-incident',
    summary: 'Open an incident on a V3 status page',
    paramDescriptions: V3_PAGE_ID,
    sample: {
      params: { statusPageId: EXAMPLE_ID },
      body: {
        name: 'Checkout API returns 502 errors',
        componentImpacts: [{ componentId: EXAMPLE_COMPONENT_ID, status: 'MAJOR_OUTAGE' }],
        incidentUpdates: [V3_UPDATE_SAMPLE],
      },
    },
    body: 'V3IncidentCreateInput',
    bodyRequired: true,
    responses: { 201: 'V3Incident' },
    // An incident of the page's list with the name sent (the list shows neither the updates nor
    // the OPERATIONAL components sent): one made before with the same name leaves it unknown.
    readBack: { read: 'listV3Incidents', noun: 'incident', match: { name: 'sent' } },
    tool: {
      title: 'Open an incident on a V3 status page',
      description:
        'Opens an incident on a components-based (V3) status page. incidentUpdates: exactly one first update, e.g. [{"description": "Investigating elevated errors", "status": "INVESTIGATING"}]. componentImpacts: the impacted components and their current status, e.g. [{"componentId": "...", "status": "MAJOR_OUTAGE"}], each component of the page at most once; a component left out is OPERATIONAL. Returns the incident with its id and impact windows.',
    },
  },
  getV3Incident: {
    method: 'GET',
    path: '/v3/status-pages/{statusPageId}/incidents/{incidentId}',
    summary: 'Retrieve an incident of a V3 status page',
    paramDescriptions: V3_INCIDENT_IDS,
    responses: { 200: 'V3Incident' },
    tool: {
      title: 'Get a V3 incident',
      description:
        'Retrieves one incident of a V3 status page with its updates and its component impact windows ({componentId, status, startedAt, endedAt}; endedAt null while open). The ids come from list_v3_incidents.',
    },
  },
  updateV3Incident: {
    method: 'PUT',
    path: '/v3/status-pages/{statusPageId}/incidents/{incidentId}',
    publishes: 'v3-incident',
    summary: 'Rename an incident of a V3 status page and reconcile its components',
    paramDescriptions: V3_INCIDENT_IDS,
    sample: {
      params: { statusPageId: EXAMPLE_ID, incidentId: EXAMPLE_ID },
      body: { name: 'Checkout API slow', componentImpacts: [{ componentId: EXAMPLE_COMPONENT_ID, status: 'DEGRADED_PERFORMANCE' }] },
    },
    body: 'V3IncidentChangeInput',
    bodyRequired: true,
    responses: { 200: 'V3Incident' },
    tool: {
      title: 'Rename or reconcile a V3 incident',
      description:
        'Renames an incident of a V3 status page (name is required: send the current one to keep it) and, when componentImpacts is sent, sets what each component is now: a component whose status changes has its window ended now and a new one opened (none for OPERATIONAL); a component left out of the list is OPERATIONAL. Leave componentImpacts out to keep the impacts. Post progress with create_v3_incident_update.',
      destructive: true,
    },
  },
  deleteV3Incident: {
    method: 'DELETE',
    path: '/v3/status-pages/{statusPageId}/incidents/{incidentId}',
    publishes: 'v3-incident',
    summary: 'Delete an incident of a V3 status page and its updates',
    paramDescriptions: V3_INCIDENT_IDS,
    responses: { 204: 'NoContent' },
    tool: {
      title: 'Delete a V3 incident',
      description:
        'Deletes an incident of a V3 status page and all its updates. For an incident opened by mistake: one that happened is resolved (create_v3_incident_update with status RESOLVED), not deleted. The ids come from list_v3_incidents.',
      destructive: true,
    },
  },
  replaceV3IncidentComponentImpacts: {
    method: 'PUT',
    path: '/v3/status-pages/{statusPageId}/incidents/{incidentId}/component-impacts',
    publishes: 'v3-incident',
    summary: "Replace a V3 incident's component impact timeline",
    paramDescriptions: V3_INCIDENT_IDS,
    sample: {
      params: { statusPageId: EXAMPLE_ID, incidentId: EXAMPLE_ID },
      body: {
        componentImpacts: [
          {
            componentId: EXAMPLE_COMPONENT_ID,
            status: 'MAJOR_OUTAGE',
            startedAt: '2025-03-10T10:00:00.000Z',
            endedAt: '2025-03-10T10:30:00.000Z',
          },
          { componentId: EXAMPLE_COMPONENT_ID, status: 'DEGRADED_PERFORMANCE', startedAt: '2025-03-10T10:30:00.000Z', endedAt: null },
        ],
      },
    },
    body: 'V3ImpactTimelineInput',
    bodyRequired: true,
    responses: { 200: 'V3Incident' },
    tool: {
      title: "Replace a V3 incident's impact timeline",
      description:
        'Replaces the whole component impact timeline of a V3 incident (to correct it after the fact): componentImpacts as [{componentId, status, startedAt, endedAt}], endedAt after startedAt or null for a window still open (open incidents only); windows of one component may not overlap. What was stored before is overwritten: get_v3_incident first and send back what stays.',
      destructive: true,
    },
  },
});
