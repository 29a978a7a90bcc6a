// Checks as the hosted API reads them (docs/api-rules.md#triage): a check's status is read
// from its latest result; its alerts are the changes of state between consecutive results,
// derived from the results each time (nothing else is stored), newest first, by page.
import type { CheckAlert, CheckStatus } from '../../contract/schemas.js';
import { dateOnly, isDateOnly, toMillis } from '../dates.js';
import { badField, notFound } from '../http-error.js';
import type { AccountStore } from '../store.js';
import type { Check, StoredCheckResult } from '../store/checks.js';
import type { Handler, HandlerRequest } from './types.js';

const SIX_HOURS = 6 * 3_600_000;
const DEFAULT_ALERT_PAGE_SIZE = 10;

function status(store: AccountStore, check: Check): CheckStatus {
  const latest = store.records.checks.latest(check.id)?.result;
  let longest: number | null = null;
  let shortest: number | null = null;
  for (const { result } of store.records.checks.results(check.id)) {
    longest = longest === null ? result.responseTime : Math.max(longest, result.responseTime);
    shortest = shortest === null ? result.responseTime : Math.min(shortest, result.responseTime);
  }
  return {
    name: check.name,
    checkId: check.id,
    hasFailures: latest?.hasFailures ?? false,
    hasErrors: latest?.hasErrors ?? false,
    isDegraded: latest?.isDegraded ?? false,
    longestRun: longest,
    shortestRun: shortest,
    lastRunLocation: latest?.runLocation ?? null,
    lastCheckRunId: latest ? String(latest.checkRunId) : null,
    sslDaysRemaining: null,
    created_at: dateOnly(Date.parse(check.created_at)),
    updated_at: latest?.created_at ?? null,
  };
}

export const listCheckStatuses: Handler<'listCheckStatuses'> = ({ account: { store } }) => ({
  status: 200,
  body: [...store.records.checks.checks()].map((check) => status(store, check)),
});

export const getCheckStatus: Handler<'getCheckStatus'> = ({ params, account: { store } }) => {
  const check = store.records.checks.get(params.checkId);
  if (!check) throw notFound('check', params.checkId);
  return { status: 200, body: status(store, check) };
};

type State = 'passed' | 'failed' | 'degraded';
const stateOf = ({ result }: StoredCheckResult): State => (result.hasFailures ? 'failed' : result.isDegraded ? 'degraded' : 'passed');

/** The alert a change of state sends, by the state before and the state after. */
const ALERT_OF: Record<State, Partial<Record<State, CheckAlert['alertType']>>> = {
  passed: { failed: 'ALERT_FAILURE', degraded: 'ALERT_DEGRADED' },
  failed: { passed: 'ALERT_RECOVERY', degraded: 'ALERT_FAILURE_DEGRADED' },
  degraded: { passed: 'ALERT_DEGRADED_RECOVERY', failed: 'ALERT_DEGRADED_FAILURE' },
};

/** A check's alerts, oldest first: a check starts out passing, so a first result that fails alerts. */
export function* checkAlerts(store: AccountStore, check: Check): Generator<CheckAlert> {
  const results = [...store.records.checks.results(check.id)].reverse();
  let before: State = 'passed';
  for (const stored of results) {
    // Recorded while a maintenance silenced the check: as if it had not run, so a failure that
    // outlasts the maintenance alerts with the first result after it.
    if (stored.silenced) continue;
    const after = stateOf(stored);
    const alertType = ALERT_OF[before][after];
    before = after;
    if (!alertType) continue;
    const { result } = stored;
    yield {
      id: result.id,
      name: check.name,
      checkId: check.id,
      alertType,
      checkType: check.checkType,
      runLocation: result.runLocation,
      responseTime: result.responseTime,
      error: stored.errorMessage,
      statusCode: null,
      created_at: result.created_at,
      startedAt: result.startedAt ?? result.created_at,
    };
  }
}

/** UNIX seconds or a date, in milliseconds. */
const moment = (value: string) => (isDateOnly(value) ? toMillis(value) : Number(value) * 1000);

/** The window [from, to) a request names (the hosted rules: at most 6 hours, 6 hours by default). */
export function alertWindow(now: number, from?: string, to?: string): { from: number; to: number } {
  const start = from === undefined ? undefined : moment(from);
  const end = to === undefined ? undefined : moment(to);
  // No bound given: the 6 hours up to now, now included.
  const until = end ?? now + 1;
  const window = start === undefined ? { to: until, from: until - SIX_HOURS } : { from: start, to: end ?? start + SIX_HOURS };
  if (!(window.from < window.to)) throw badField('from', 'must be before to');
  if (window.to - window.from > SIX_HOURS) throw badField('to', 'must be at most 6 hours after from');
  return window;
}

type AlertQuery = HandlerRequest<'listCheckAlerts'>['query'];

function alertPage(alerts: CheckAlert[], query: AlertQuery, { from, to }: { from: number; to: number }): CheckAlert[] {
  const limit = query.limit ?? DEFAULT_ALERT_PAGE_SIZE;
  const start = ((query.page ?? 1) - 1) * limit;
  return alerts
    .filter((alert) => {
      const at = Date.parse(alert.created_at);
      return at >= from && at < to;
    })
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
    .slice(start, start + limit);
}

export const listCheckAlerts: Handler<'listCheckAlerts'> = ({ query, account: { store }, app }) => {
  const window = alertWindow(app.now(), query.from, query.to);
  const alerts = [...store.records.checks.checks()].flatMap((check) => [...checkAlerts(store, check)]);
  return { status: 200, body: alertPage(alerts, query, window) };
};

export const listAlertsOfCheck: Handler<'listAlertsOfCheck'> = ({ params, query, account: { store }, app }) => {
  const window = alertWindow(app.now(), query.from, query.to);
  const check = store.records.checks.get(params.checkId);
  if (!check) throw notFound('check', params.checkId);
  return { status: 200, body: alertPage([...checkAlerts(store, check)], query, window) };
};
