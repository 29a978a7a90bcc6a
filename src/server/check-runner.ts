// Check sessions' runs (docs/api-rules.md#check-sessions): once --run-delay has passed on the
// server's clock, each session's check "runs": a result is recorded as a check run's would be
// (automation rules included), its outcome the check's next outcome if one was set, else its
// latest result's, and the session ends with it. With a data file, a session left STARTED by a
// stop or a crash runs on the next start. While a maintenance pauses every check, a session stays
// STARTED and its check runs once the maintenance is over.
import { pausedChecks, recordRun } from './handlers/checks.js';
import type { AppContext } from './handlers/types.js';
import { type PageEvents, publishRuleIncidents } from './pages/events.js';
import { DurabilityError, type Durability } from './persistence/durability.js';
import type { AccountStore } from './store.js';
import type { CheckNextOutcomeSet } from './store/checks.js';
import type { CheckSessionFinished } from './store/check-sessions.js';

export interface CheckRunning {
  runDelayMs: number;
  /** Waits on the server's clock; an aborted signal ends the wait (it rejects). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  stopped: AbortSignal;
  log: (line: string) => void;
  data: Durability | undefined;
  /** The open status pages, told of the incidents a run's result made the automation rules open or resolve. */
  events?: PageEvents;
}

const STATUS = { passed: 'PASSED', failed: 'FAILED', degraded: 'DEGRADED' } as const;

/** The handlers' scheduleCheckRun (AppContext): runs the session's check once its delay has passed. */
export function checkRunner({ runDelayMs, sleep, stopped, log, data, events }: CheckRunning) {
  return function scheduleCheckRun(app: AppContext, store: AccountStore, checkSessionId: string): void {
    sleep(runDelayMs, stopped).then(
      () => {
        if (stopped.aborted) return;
        run(app, store, checkSessionId).then(
          (ran) => {
            if (!ran) scheduleCheckRun(app, store, checkSessionId);
          },
          (error: unknown) => {
            log(`error: check session ${checkSessionId} not run: ${error instanceof Error ? error.message : String(error)}`);
            if (error instanceof DurabilityError) scheduleCheckRun(app, store, checkSessionId);
          },
        );
      },
      () => {},
    );
  };

  /** Runs the session's check; false when checks are paused: it is to be tried again after the delay. */
  async function run(app: AppContext, store: AccountStore, checkSessionId: string): Promise<boolean> {
    const session = store.records.checkSessions.get(checkSessionId);
    if (session?.status !== 'STARTED') return true;
    if (pausedChecks(store, app)) return false;
    const checks = store.records.checks;
    const check = checks.get(session.checkId)!;
    const next = checks.nextOutcome(check.id);
    const latest = checks.latest(check.id)?.result;
    const outcome = next ?? (latest ? (latest.hasFailures ? 'failed' : latest.isDegraded ? 'degraded' : 'passed') : 'passed');
    const incidentsBefore = store.records.v3Incidents.changes;
    if (next) store.commit<CheckNextOutcomeSet>({ kind: 'checkNextOutcomeSet', checkId: check.id, outcome: null });
    const result = recordRun(store, app, check, {
      outcome,
      timestamp: new Date(app.now()).toISOString(),
      // A failed run fails as the check last failed, when it did.
      errorMessage: outcome === 'failed' ? (checks.latest(check.id)?.errorMessage ?? undefined) : undefined,
    });
    store.commit<CheckSessionFinished>({
      kind: 'checkSessionFinished',
      checkSessionId,
      status: STATUS[outcome],
      stoppedAt: result.stoppedAt ?? result.created_at,
      resultId: result.id,
    });
    // Done once durable; a failed write rejects here (and was rolled back).
    await data?.flush();
    // As a result recorded through the API is: the pages hear of it once it is durable.
    if (events) publishRuleIncidents(events, store, incidentsBefore);
    return true;
  }
}
