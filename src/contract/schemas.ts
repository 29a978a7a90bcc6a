// The resources of the API, written once. Response schemas describe exactly what the reference
// server sends; request schemas are strict (unknown fields are errors). The client validates
// responses against these but never fails on a mismatch (see client/transport.ts).
//
// Written by resource, in resources/*.schemas.ts; this module gathers them, so a row names a
// schema by its exported name (table.ts's SchemaName) wherever it is written.
export {
  HEARTBEAT_STATES,
  INCIDENT_STATUSES,
  RUNTIME_STAGES,
  SEVERITIES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
  SUCCESS_HEARTBEAT_STATES,
} from './enums.js';
export * from './resources/analyses.schemas.js';
export * from './resources/checks.schemas.js';
export * from './resources/check-statuses.schemas.js';
export * from './resources/check-sessions.schemas.js';
export * from './resources/test-sessions.schemas.js';
export * from './resources/error-groups.schemas.js';
export * from './resources/heartbeats.schemas.js';
export * from './resources/incident-updates.schemas.js';
export * from './resources/incidents.schemas.js';
export * from './resources/maintenance-windows.schemas.js';
export * from './resources/reference.schemas.js';
export * from './resources/runtimes.schemas.js';
export * from './resources/services.schemas.js';
export * from './resources/shared.schemas.js';
export * from './resources/status-pages.schemas.js';
export * from './resources/subscriptions.schemas.js';
export * from './resources/v3-incidents.schemas.js';
export * from './resources/v3-status-pages.schemas.js';
export * from './resources/v3-automation-rules.schemas.js';
export * from './resources/v3-subscribers.schemas.js';
