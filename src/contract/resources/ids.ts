// What the path parameters shared by several resources' rows are, for a user or a model.
export const INCIDENT_ID = { incidentId: 'id of the incident (list_incidents, create_incident)' };
export const UPDATE_IDS = { ...INCIDENT_ID, incidentUpdateId: "id of the update (the incident's incidentUpdates[].id)" };
export const PAGE_ID = { statusPageId: 'id of the status page (list_status_pages)' };
export const SUBSCRIPTION_IDS = { ...PAGE_ID, subscriptionId: 'id of the subscription (list_subscriptions)' };
export const HEARTBEAT_ID = { checkId: 'id of the heartbeat check' };
