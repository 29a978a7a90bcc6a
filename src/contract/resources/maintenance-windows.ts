// Scheduled maintenance: windows (each repeating or not, in its own time zone), their
// maintenances (one per occurrence) and the status updates of each.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID, EXAMPLE_SERVICE } from './examples.js';

const WINDOW = { id: 'id of the maintenance window, a whole number (list_maintenance_windows)' };
const MAINTENANCE = { ...WINDOW, maintenanceId: 'id of one maintenance of the window (list_maintenances)' };
const UPDATE = { ...MAINTENANCE, updateId: 'id of a status update of the maintenance (get_maintenance)' };

/** A window id of the form the API takes: a whole number. */
export const EXAMPLE_WINDOW_ID = '1';

const WINDOW_SAMPLE = {
  name: 'Database upgrade',
  tags: ['production'],
  startsAt: '2025-03-16T02:00:00+01:00',
  endsAt: '2025-03-16T04:00:00+01:00',
  repeatInterval: 1,
  repeatUnit: 'WEEK',
  repeatEndsAt: '2025-06-29',
  timezone: 'Europe/Berlin',
  pauseAllChecks: false,
  silenceAlertsTags: ['database'],
  silenceAllAlerts: false,
  description: 'The primary database is upgraded; writes may pause for a minute.',
  statusPageVisibility: {
    enabled: true,
    severity: 'MINOR',
    affectAllServices: false,
    notifyOnStart: true,
    notifyOnEnd: true,
    suppressAutoIncidents: true,
    reminderMinutesBefore: [1440, 60],
    autoStart: true,
    autoEnd: true,
    showAffectedServices: true,
    statusPageIds: [EXAMPLE_ID],
    serviceIds: [EXAMPLE_SERVICE.id],
  },
} as const;

export const maintenanceWindowRows = define('maintenance', {
  listMaintenanceWindows: {
    method: 'GET',
    path: '/v1/maintenance-windows',
    summary: 'List the maintenance windows of the account, newest first, by page',
    sample: { query: { limit: '10', page: '1' } },
    query: 'MaintenanceWindowQuery',
    responses: { 200: 'MaintenanceWindowList' },
    tool: {
      title: 'List maintenance windows',
      description:
        'Lists the scheduled maintenance windows of the account, newest first: each a first maintenance (startsAt to endsAt) that may repeat every repeatInterval repeatUnits (DAY, WEEK, MONTH) in its timezone until repeatEndsAt. By page: page from 1, limit 1 to 100 (default 10). startsAt and endsAt filter by comparison: {"gt": "2026-03-01T00:00:00Z"} (also gte, lt, lte). Gives the ids the other maintenance tools take.',
    },
  },
  createMaintenanceWindow: {
    method: 'POST',
    path: '/v1/maintenance-windows',
    summary: 'Create a maintenance window, and its maintenances',
    sample: { body: WINDOW_SAMPLE },
    body: 'MaintenanceWindowCreate',
    bodyRequired: true,
    responses: { 201: 'MaintenanceWindow' },
    readBack: { read: 'listMaintenanceWindows', noun: 'maintenance window', match: { name: 'sent', startsAt: 'sent', endsAt: 'sent' } },
    tool: {
      title: 'Create a maintenance window',
      description:
        'Schedules maintenance: name, startsAt and endsAt (date-times with their offset) and repeatUnit (DAY, WEEK or MONTH; required even for a window that happens once, with repeatInterval null). A repeating window (repeatInterval 1 to 365) happens at the same local time in its timezone (an IANA name, default UTC) until repeatEndsAt (a date). statusPageVisibility: enabled true shows it on statusPageIds (from list_status_pages or list_v3_status_pages) with serviceIds (services or components) under maintenance, notifyOnStart/notifyOnEnd and reminderMinutesBefore notify subscribers; autoStart/autoEnd (default true) post IN_PROGRESS and COMPLETED on time.',
    },
  },
  getMaintenanceWindow: {
    method: 'GET',
    path: '/v1/maintenance-windows/{id}',
    namedParams: ['id'],
    summary: 'Retrieve a maintenance window',
    paramDescriptions: WINDOW,
    responses: { 200: 'MaintenanceWindow' },
    tool: {
      title: 'Get a maintenance window',
      description:
        'Retrieves one maintenance window: its schedule, time zone and status page settings. The id comes from list_maintenance_windows.',
    },
  },
  updateMaintenanceWindow: {
    method: 'PUT',
    path: '/v1/maintenance-windows/{id}',
    namedParams: ['id'],
    summary: 'Update a maintenance window: the fields given; its future maintenances follow',
    paramDescriptions: WINDOW,
    sample: { params: { id: EXAMPLE_WINDOW_ID }, body: WINDOW_SAMPLE },
    body: 'MaintenanceWindowUpdate',
    bodyRequired: true,
    responses: { 200: 'MaintenanceWindow' },
    tool: {
      title: 'Update a maintenance window',
      description:
        "Changes the fields given of a maintenance window (the others are kept; statusPageVisibility's fields one by one). Its maintenances still to come that have no status update yet are scheduled again from the new schedule; past ones and those with updates stay. The id comes from list_maintenance_windows.",
    },
  },
  deleteMaintenanceWindow: {
    method: 'DELETE',
    path: '/v1/maintenance-windows/{id}',
    namedParams: ['id'],
    summary: 'Delete a maintenance window, its maintenances and their updates',
    paramDescriptions: WINDOW,
    responses: { 204: 'NoContent' },
    tool: {
      title: 'Delete a maintenance window',
      description:
        'Deletes a maintenance window with all its maintenances and their status updates. The id comes from list_maintenance_windows.',
      destructive: true,
    },
  },
  listMaintenances: {
    method: 'GET',
    path: '/v1/maintenance-windows/{id}/maintenances',
    namedParams: ['id'],
    summary: "List a window's maintenances, one per occurrence, soonest first, by page",
    paramDescriptions: WINDOW,
    sample: { params: { id: EXAMPLE_WINDOW_ID }, query: { page: '1', limit: '10' } },
    query: 'MaintenanceQuery',
    responses: { 200: 'MaintenanceList' },
    tool: {
      title: 'List maintenances',
      description:
        "Lists a maintenance window's maintenances, one per occurrence (the past ones and those of the next 90 days), soonest first, each with its status (SCHEDULED until an update says otherwise) and its updates. By page: page from 1, limit 1 to 50 (default 10). The id comes from list_maintenance_windows.",
    },
  },
  getMaintenance: {
    method: 'GET',
    path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}',
    namedParams: ['id'],
    summary: 'Retrieve one maintenance of a window, with its status updates',
    paramDescriptions: MAINTENANCE,
    responses: { 200: 'Maintenance' },
    tool: {
      title: 'Get a maintenance',
      description:
        'Retrieves one maintenance (one occurrence of a window) with its status and its status updates, oldest first. The ids come from list_maintenances.',
    },
  },
  updateMaintenance: {
    method: 'PATCH',
    path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}',
    namedParams: ['id'],
    summary: 'Move one maintenance of a window: its dates only',
    paramDescriptions: MAINTENANCE,
    sample: {
      params: { id: EXAMPLE_WINDOW_ID, maintenanceId: EXAMPLE_ID },
      body: { startsAt: '2025-03-16T03:00:00+01:00', endsAt: '2025-03-16T05:00:00+01:00' },
    },
    body: 'MaintenanceDates',
    bodyRequired: true,
    responses: { 200: 'Maintenance' },
    idempotent: true,
    tool: {
      title: 'Move a maintenance',
      description:
        "Moves one maintenance (this occurrence only, not the window's schedule): startsAt and/or endsAt, date-times with their offset, startsAt before endsAt. The ids come from list_maintenances.",
    },
  },
  deleteMaintenance: {
    method: 'DELETE',
    path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}',
    namedParams: ['id'],
    summary: 'Delete one maintenance of a window: that occurrence does not happen',
    paramDescriptions: MAINTENANCE,
    responses: { 204: 'NoContent' },
    tool: {
      title: 'Delete a maintenance',
      description:
        'Deletes one maintenance of a window with its updates: that occurrence does not happen (the others do). The ids come from list_maintenances.',
      destructive: true,
    },
  },
  createMaintenanceUpdate: {
    method: 'POST',
    path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}/updates',
    namedParams: ['id'],
    summary: 'Post a status update on a maintenance',
    paramDescriptions: MAINTENANCE,
    sample: {
      params: { id: EXAMPLE_WINDOW_ID, maintenanceId: EXAMPLE_ID },
      body: { status: 'IN_PROGRESS', description: 'The upgrade has started.', notifySubscribers: false },
    },
    body: 'MaintenanceUpdateInput',
    bodyRequired: true,
    responses: { 201: 'MaintenanceUpdate' },
    readBack: { read: 'getMaintenance', items: 'updates', noun: 'maintenance update', match: { status: 'sent', description: 'sent' } },
    tool: {
      title: 'Post a maintenance update',
      description:
        "Posts a status update on a maintenance: status (SCHEDULED, IN_PROGRESS, VERIFYING, COMPLETED or CANCELLED) and description; the maintenance's status becomes it. COMPLETED and CANCELLED are final: no update after them. notifySubscribers true notifies the verified subscribers of the window's status pages. The ids come from list_maintenances.",
    },
  },
  updateMaintenanceUpdate: {
    method: 'PUT',
    path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}/updates/{updateId}',
    namedParams: ['id'],
    summary: 'Edit a status update of a maintenance',
    paramDescriptions: UPDATE,
    sample: {
      params: { id: EXAMPLE_WINDOW_ID, maintenanceId: EXAMPLE_ID, updateId: EXAMPLE_ID },
      body: { status: 'IN_PROGRESS', description: 'The upgrade has started on the primary.' },
    },
    body: 'MaintenanceUpdateEdit',
    bodyRequired: true,
    responses: { 200: 'MaintenanceUpdate' },
    tool: {
      title: 'Edit a maintenance update',
      description:
        "Edits a status update of a maintenance: its description, and its status when given (left out, kept). The ids come from get_maintenance's updates.",
    },
  },
  deleteMaintenanceUpdate: {
    method: 'DELETE',
    path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}/updates/{updateId}',
    namedParams: ['id'],
    summary: 'Delete a status update of a maintenance',
    paramDescriptions: UPDATE,
    responses: { 204: 'NoContent' },
    tool: {
      title: 'Delete a maintenance update',
      description:
        "Deletes a status update of a maintenance; its status becomes the latest remaining update's (SCHEDULED when none is left). The ids come from get_maintenance's updates.",
      destructive: true,
    },
  },
});
