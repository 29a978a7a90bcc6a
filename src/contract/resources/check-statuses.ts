// Checks as the hosted API reads them: each one's status from its latest result, its alerts (a
// change of state between two consecutive results) and its results.
// Rows of the operations table (table.ts merges them); the schemas are named, not imported.
import { define } from '../row.js';
import { EXAMPLE_ID } from './examples.js';

const CHECK_ID = { checkId: 'id of the check (list_check_statuses)' };
const ALERT_WINDOW = { limit: '10', page: '1', from: '1741600800', to: '1741611600' };

export const checkStatusRows = define('triage', {
  listCheckStatuses: {
    method: 'GET',
    path: '/v1/check-statuses',
    summary: "List every check's current status, from its latest result",
    responses: { 200: 'CheckStatusList' },
    tool: {
      title: 'List check statuses',
      description:
        'Lists every check of the account with its current state, from its latest result: hasFailures (failing), isDegraded, the longest and shortest run, where and when it last ran. Gives the check ids the other triage tools take.',
    },
  },
  getCheckStatus: {
    method: 'GET',
    path: '/v1/check-statuses/{checkId}',
    summary: "Retrieve one check's current status",
    paramDescriptions: CHECK_ID,
    responses: { 200: 'NullableCheckStatus' },
    tool: {
      title: 'Get a check status',
      description: "One check's current state from its latest result: failing, degraded, its longest and shortest run, its last run.",
    },
  },
  listCheckAlerts: {
    method: 'GET',
    path: '/v1/check-alerts',
    summary: 'List the alerts of every check, newest first, in a window of at most 6 hours',
    sample: { query: ALERT_WINDOW },
    query: 'CheckAlertQuery',
    responses: { 200: 'CheckAlertList' },
    tool: {
      title: 'List check alerts',
      description:
        'Lists the alerts of the account newest first: one per change of state of a check between two consecutive results (ALERT_FAILURE, ALERT_RECOVERY, ALERT_DEGRADED, ALERT_DEGRADED_RECOVERY...). from and to: UNIX seconds or dates, at most 6 hours apart (default the last 6 hours); page from 1, limit 1 to 100 (default 10).',
    },
  },
  listAlertsOfCheck: {
    method: 'GET',
    path: '/v1/check-alerts/{checkId}',
    checksIdForm: true,
    summary: "List one check's alerts, newest first, in a window of at most 6 hours",
    sample: { params: { checkId: EXAMPLE_ID }, query: ALERT_WINDOW },
    paramDescriptions: CHECK_ID,
    query: 'CheckAlertQuery',
    responses: { 200: 'CheckAlertList' },
    tool: {
      title: "List a check's alerts",
      description: "Lists one check's alerts newest first; from, to, page and limit as list_check_alerts.",
    },
  },
  listCheckResults: {
    method: 'GET',
    path: '/v2/check-results/{checkId}',
    checksIdForm: true,
    summary: "List a check's results, newest first, by cursor",
    sample: {
      params: { checkId: EXAMPLE_ID },
      query: { limit: '10', hasFailures: 'true', resultType: 'FINAL', from: '1741564800', to: '1741651200' },
    },
    paramDescriptions: CHECK_ID,
    query: 'CheckResultQuery',
    responses: { 200: 'CheckResultListV2' },
    // A check with no result recorded has none: the hosted API declares no 404 here.
    notFound: false,
    alsoAnswers: { 402: "the account's plan keeps no raw results this old" },
    tool: {
      title: "List a check's results",
      description:
        "Lists one check's results newest first (limit 1 to 100, default 10; nextId from the previous page). Filters: hasFailures, location, checkType, from and to (UNIX seconds). Each result has its id for get_check_result, and errorGroupIds.",
    },
  },
  getCheckResult: {
    method: 'GET',
    path: '/v1/check-results/{checkId}/{checkResultId}',
    checksIdForm: true,
    summary: 'Retrieve one result of a check',
    paramDescriptions: { ...CHECK_ID, checkResultId: 'id of the result (list_check_results)' },
    responses: { 200: 'CheckResult' },
    tool: {
      title: 'Get a check result',
      description: 'One result of a check: failed or degraded, where it ran, how long it took, its error groups.',
    },
  },
});
