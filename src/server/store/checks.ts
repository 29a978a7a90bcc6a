// An account's checks (what `POST /_reference/check-results` starts) and their results, each
// check's kept sorted by time, so the latest result and the results newest first are read at
// once (docs/api-rules.md#check-results).
import { z } from 'zod';
import { CheckOutcome, type CheckResult, CheckType } from '../../contract/schemas.js';
import { isoUtc } from '../dates.js';
import { FixtureTime, Id, Text } from '../fixtures/fields.js';
import { lowerBound } from './collection.js';
import { recordKind } from './kind.js';

export interface Check {
  readonly id: string;
  readonly name: string;
  readonly checkType: CheckType;
  readonly tags: readonly string[];
  readonly activated: boolean;
  /** When its first result (or the fixtures) made it: a full date-time. */
  readonly created_at: string;
}

/** A result as kept: the answer's shape, with the error the run reported (not part of the hosted shape). */
export interface StoredCheckResult {
  readonly result: CheckResult;
  readonly errorMessage: string | null;
  /** Recorded while a maintenance in progress silenced the check's alerts: it raises none. */
  readonly silenced?: true;
}

/** A check started, or changed by a result naming another name, type or tags. */
export interface CheckSaved {
  kind: 'checkSaved';
  check: Check;
}

/** How the check's next run on demand ends (a check session's), or null once it has run. */
export interface CheckNextOutcomeSet {
  kind: 'checkNextOutcomeSet';
  checkId: string;
  outcome: CheckOutcome | null;
}

export interface CheckResultRecorded {
  kind: 'checkResultRecorded';
  result: CheckResult;
  errorMessage: string | null;
  silenced?: true;
}

interface CheckEntry {
  check: Check;
  /** Oldest first by created_at; `times` runs beside it for binary search. */
  readonly results: StoredCheckResult[];
  readonly times: number[];
  readonly byId: Map<string, StoredCheckResult>;
}

export class CheckRecords {
  private readonly byId = new Map<string, CheckEntry>();
  private readonly nextOutcomes = new Map<string, CheckOutcome>();
  /** Results recorded so far, over every check: the next run's checkRunId counts on from it. */
  private recordedCount = 0;

  get resultCount(): number {
    return this.recordedCount;
  }

  /** The checks in the order they were started. */
  *checks(): Generator<Check> {
    for (const entry of this.byId.values()) yield entry.check;
  }

  get(checkId: string): Check | undefined {
    return this.byId.get(checkId)?.check;
  }

  /** The check's result with the latest time, if it has any. */
  latest(checkId: string): StoredCheckResult | undefined {
    return this.byId.get(checkId)?.results.at(-1);
  }

  /** The check's results, newest first. */
  *results(checkId: string): Generator<StoredCheckResult> {
    const results = this.byId.get(checkId)?.results ?? [];
    for (let index = results.length - 1; index >= 0; index--) yield results[index]!;
  }

  nextOutcome(checkId: string): CheckOutcome | undefined {
    return this.nextOutcomes.get(checkId);
  }

  nextOutcomeSet(checkId: string, outcome: CheckOutcome | null): CheckOutcome | null {
    if (outcome === null) this.nextOutcomes.delete(checkId);
    else this.nextOutcomes.set(checkId, outcome);
    return outcome;
  }

  result(checkId: string, resultId: string): StoredCheckResult | undefined {
    return this.byId.get(checkId)?.byId.get(resultId);
  }

  saved(check: Check): Check {
    const entry = this.byId.get(check.id);
    if (entry) entry.check = check;
    else this.byId.set(check.id, { check, results: [], times: [], byId: new Map() });
    return check;
  }

  /** The check's latest result no maintenance silenced: the state its alerts and rules go by. */
  latestAlerting(checkId: string): StoredCheckResult | undefined {
    return this.byId.get(checkId)?.results.findLast((stored) => !stored.silenced);
  }

  recorded(result: CheckResult, errorMessage: string | null, silenced?: true): CheckResult {
    const entry = this.byId.get(result.checkId);
    if (!entry) throw new Error(`result of unknown check ${result.checkId}`);
    const stored: StoredCheckResult = silenced ? { result, errorMessage, silenced } : { result, errorMessage };
    const at = Date.parse(result.created_at);
    // Results come in order almost always: then this is an append. A late one is spliced in,
    // after those of the same time.
    const index = lowerBound(entry.times, at + 1);
    entry.results.splice(index, 0, stored);
    entry.times.splice(index, 0, at);
    entry.byId.set(result.id, stored);
    this.recordedCount++;
    return result;
  }

  /** A check of a snapshot with its results, oldest first. */
  restore(check: Check, results: readonly StoredCheckResult[]): void {
    const entry: CheckEntry = { check, results: [...results], times: results.map((r) => Date.parse(r.result.created_at)), byId: new Map() };
    for (const stored of results) entry.byId.set(stored.result.id, stored);
    this.byId.set(check.id, entry);
    this.recordedCount += results.length;
  }

  /** The check's entry for a snapshot. */
  entry(checkId: string): { check: Check; results: readonly StoredCheckResult[] } | undefined {
    return this.byId.get(checkId);
  }

  clear(): void {
    this.byId.clear();
    this.nextOutcomes.clear();
    this.recordedCount = 0;
  }
}

/** The defaults of a result that does not say where it ran or how long it took. */
export const DEFAULT_RUN_LOCATION = 'eu-central-1';

/** A result in the hosted shape, from what a check run reports. */
export function checkResult(args: {
  id: string;
  check: Check;
  outcome: CheckOutcome;
  checkRunId: number;
  stoppedAt: number;
  runLocation?: string;
  responseTime?: number;
  errorGroupIds?: string[];
}): CheckResult {
  const responseTime = args.responseTime ?? 0;
  return {
    id: args.id,
    name: args.check.name,
    checkId: args.check.id,
    hasFailures: args.outcome === 'failed',
    hasErrors: false,
    isDegraded: args.outcome === 'degraded',
    isCancelled: false,
    overMaxResponseTime: false,
    runLocation: args.runLocation ?? DEFAULT_RUN_LOCATION,
    startedAt: isoUtc(args.stoppedAt - responseTime),
    stoppedAt: isoUtc(args.stoppedAt),
    created_at: isoUtc(args.stoppedAt),
    responseTime,
    checkRunId: args.checkRunId,
    attempts: 1,
    resultType: 'FINAL',
    sequenceId: null,
    traceId: null,
    errorGroupIds: args.errorGroupIds ?? [],
  };
}

export const CheckFixture = z.strictObject({
  id: Id,
  name: Text.max(255),
  checkType: CheckType,
  tags: z.array(Text.max(100)).max(50).optional(),
  activated: z.boolean().optional(),
  results: z
    .array(
      z.strictObject({
        outcome: CheckOutcome,
        timestamp: FixtureTime,
        runLocation: Text.max(100).optional(),
        responseTime: z.number().min(0).max(86_400_000).optional(),
      }),
    )
    .optional(),
});

type CheckEntryRecord = { kind: 'check'; check: Check; results: StoredCheckResult[]; nextOutcome?: CheckOutcome };

export const checks = recordKind({
  name: 'checks',
  make: () => new CheckRecords(),
  changes: {
    checkSaved: (part, change: CheckSaved) => part.saved(change.check),
    checkResultRecorded: (part, change: CheckResultRecorded) => part.recorded(change.result, change.errorMessage, change.silenced),
    checkNextOutcomeSet: (part, change: CheckNextOutcomeSet) => part.nextOutcomeSet(change.checkId, change.outcome),
  },
  snapshot: {
    *write(part) {
      for (const check of part.checks()) {
        const nextOutcome = part.nextOutcome(check.id);
        yield { kind: 'check' as const, check, results: [...part.entry(check.id)!.results], ...(nextOutcome ? { nextOutcome } : {}) };
      }
    },
    restore: {
      check: (part, entry: CheckEntryRecord) => {
        part.restore(entry.check, entry.results);
        if (entry.nextOutcome) part.nextOutcomeSet(entry.check.id, entry.nextOutcome);
      },
    },
  },
  fixtures: {
    field: 'checks',
    item: CheckFixture,
    uniqueIds: true,
    load(items, { id, at, commit, now }) {
      let runs = 0;
      for (const item of items) {
        const given = item.results ?? [];
        const times = given.map((result) => at(result.timestamp));
        const check: Check = {
          id: id('check', item.id),
          name: item.name,
          checkType: item.checkType,
          tags: item.tags ?? [],
          activated: item.activated ?? true,
          created_at: isoUtc(Math.min(now, ...times)),
        };
        commit<CheckSaved>({ kind: 'checkSaved', check });
        const results = given.map((result, index) => ({ ...result, index, stoppedAt: times[index]! }));
        results.sort((a, b) => a.stoppedAt - b.stoppedAt);
        for (const result of results) {
          commit<CheckResultRecorded>({
            kind: 'checkResultRecorded',
            result: checkResult({ ...result, id: id('check-result', `${item.id}/#${result.index}`), check, checkRunId: ++runs }),
            errorMessage: null,
          });
        }
      }
    },
  },
});
