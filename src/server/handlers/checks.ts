// Check results (docs/api-rules.md#check-results): a run's result starts its check when the id
// is new, a failed run's error is grouped as an error event is, every result is kept, and the
// automation rules act on it before it is answered (automation-rules.ts).
import type { CheckOutcome, CheckResult } from '../../contract/schemas.js';
import { guessCheckType } from '../analysis/rules-provider.js';
import { runAutomationRules } from '../automation-rules.js';
import { badField, type HttpError, notFound } from '../http-error.js';
import { isSilenced, pausingMaintenance } from '../maintenance-reach.js';
import type { AccountStore } from '../store.js';
import { type Check, type CheckNextOutcomeSet, type CheckResultRecorded, type CheckSaved, checkResult } from '../store/checks.js';
import { catchUp } from './maintenance-schedule.js';
import { eventTime } from './reference.js';
import type { AppContext, Handler, HandlerRequest } from './types.js';

type Input = HandlerRequest<'recordCheckResult'>['body'];

/** The check the result belongs to: a new one (name, type and tags required), or the known one with what the result renames. */
function checkOf(store: AccountStore, body: Input, created_at: string): Check | { saved: Check } {
  const known = store.records.checks.get(body.checkId);
  if (!known) {
    for (const field of ['name', 'checkType', 'tags'] as const)
      if (body[field] === undefined) throw badField(field, `is required: check ${body.checkId} is new`);
    return { saved: { id: body.checkId, name: body.name!, checkType: body.checkType!, tags: body.tags!, activated: true, created_at } };
  }
  const changed =
    (body.name !== undefined && body.name !== known.name) ||
    (body.checkType !== undefined && body.checkType !== known.checkType) ||
    (body.tags !== undefined && body.tags.join('\n') !== known.tags.join('\n'));
  if (!changed) return known;
  return {
    saved: { ...known, name: body.name ?? known.name, checkType: body.checkType ?? known.checkType, tags: body.tags ?? known.tags },
  };
}

/**
 * Brings the maintenances up to the clock; while one in progress pauses every check, the 400
 * that refuses a result (a paused check does not run), else undefined.
 */
export function pausedChecks(store: AccountStore, app: AppContext): HttpError | undefined {
  catchUp(store, app);
  const pausing = pausingMaintenance(store);
  if (!pausing) return undefined;
  const { window, maintenance } = pausing;
  return badField(
    'checkId',
    `checks are paused: maintenance ${maintenance.id} of window ${window.id} (${JSON.stringify(window.name)}) pauses every check ` +
      'of the account while it is in progress, and a paused check records no result',
  );
}

/** What a run of a check reports. */
export interface Run {
  outcome: CheckOutcome;
  /** When it ended, checked already. */
  timestamp: string;
  runLocation?: string;
  responseTime?: number;
  errorMessage?: string;
}

/**
 * A run's result recorded for a known check: a failed run's error grouped, the automation rules
 * told, unless a maintenance in progress silences the check: then it raises no alert and fires
 * no rule, and the check's state before the maintenance is what the next result is held to.
 */
export function recordRun(store: AccountStore, app: AppContext, check: Check, body: Run): CheckResult {
  const { timestamp } = body;
  catchUp(store, app);
  const silenced = isSilenced(store, check.tags);
  const wasFailing = store.records.checks.latestAlerting(check.id)?.result.hasFailures === true;
  const errorGroupIds: string[] = [];
  if (body.outcome === 'failed' && body.errorMessage !== undefined) {
    const group = store.recordErrorEvent({
      newGroupId: app.newId(),
      checkId: check.id,
      rawErrorMessage: body.errorMessage,
      timestamp,
      checkType: check.checkType === 'API' || check.checkType === 'BROWSER' ? check.checkType : guessCheckType(body.errorMessage),
    });
    errorGroupIds.push(group.id);
  }
  const result: CheckResult = store.commit<CheckResultRecorded>({
    kind: 'checkResultRecorded',
    result: checkResult({
      id: app.newId(),
      check,
      outcome: body.outcome,
      checkRunId: store.records.checks.resultCount + 1,
      stoppedAt: Date.parse(timestamp),
      runLocation: body.runLocation,
      responseTime: body.responseTime,
      errorGroupIds,
    }),
    errorMessage: body.errorMessage ?? null,
    ...(silenced ? { silenced } : {}),
  });
  if (!silenced) runAutomationRules(store, app, check, wasFailing);
  return result;
}

export const recordCheckResult: Handler<'recordCheckResult'> = ({ body, account: { store }, app }) => {
  // Before the check is started: a paused account records nothing, a new check neither.
  const paused = pausedChecks(store, app);
  if (paused) throw paused;
  const timestamp = eventTime(app, body.timestamp);
  const found = checkOf(store, body, timestamp);
  const check = 'saved' in found ? found.saved : found;
  if ('saved' in found) store.commit<CheckSaved>({ kind: 'checkSaved', check });
  return { status: 201, body: recordRun(store, app, check, { ...body, timestamp }) };
};

export const setCheckNextOutcome: Handler<'setCheckNextOutcome'> = ({ params, body, account: { store } }) => {
  if (!store.records.checks.get(params.checkId)) throw notFound('check', params.checkId);
  store.commit<CheckNextOutcomeSet>({ kind: 'checkNextOutcomeSet', checkId: params.checkId, outcome: body.outcome });
  return { status: 200, body: { checkId: params.checkId, nextOutcome: body.outcome } };
};
