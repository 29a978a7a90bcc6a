// An account's test sessions (docs/api-rules.md#test-sessions): what a CI run of the test suite
// recorded, in the order they were recorded (a list cursor names a session's place in it), with
// the listeners of those waiting for a running one to end.
import { z } from 'zod';
import { CheckOutcome, CheckType, type TestSessionStatus } from '../../contract/schemas.js';
import { isoUtc } from '../dates.js';
import { FixtureTime, Id, Text } from '../fixtures/fields.js';
import { Collection } from './collection.js';
import { recordKind } from './kind.js';
import type { TestSessionErrorRecorded } from './test-session-error-groups.js';

export interface StoredTestSessionResult {
  readonly id: string;
  readonly name: string;
  readonly checkType: CheckType;
  readonly outcome: CheckOutcome;
  readonly errorMessage: string | null;
  readonly errorGroupIds: readonly string[];
}

export interface StoredTestSession {
  readonly id: string;
  readonly name: string;
  status: TestSessionStatus;
  readonly startedAt: string;
  stoppedAt: string | null;
  readonly created_at: string;
  updated_at: string | null;
  readonly errorGroupIds: readonly string[];
  readonly results: readonly StoredTestSessionResult[];
}

export interface TestSessionRecorded {
  kind: 'testSessionRecorded';
  session: StoredTestSession;
}

/** A running session ended: its status and when. */
export interface TestSessionEnded {
  kind: 'testSessionEnded';
  testSessionId: string;
  status: Exclude<TestSessionStatus, 'RUNNING'>;
  stoppedAt: string;
}

export class TestSessionRecords extends Collection<StoredTestSession> {
  private readonly waiting = new Map<string, Set<() => void>>();

  recorded(session: StoredTestSession): StoredTestSession {
    const copy = { ...session };
    this.add(copy);
    return copy;
  }

  ended({ testSessionId, status, stoppedAt }: TestSessionEnded): StoredTestSession {
    const session = this.get(testSessionId);
    if (!session) throw new Error(`unknown test session ${testSessionId}`);
    session.status = status;
    session.stoppedAt = stoppedAt;
    session.updated_at = stoppedAt;
    for (const listener of this.waiting.get(testSessionId) ?? []) listener();
    this.waiting.delete(testSessionId);
    return session;
  }

  /** Calls `listener` once the session ends; the function returned stops listening. */
  onEnded(testSessionId: string, listener: () => void): () => void {
    const listeners = this.waiting.get(testSessionId) ?? new Set();
    listeners.add(listener);
    this.waiting.set(testSessionId, listeners);
    return () => listeners.delete(listener);
  }
}

export const TestSessionFixture = z.strictObject({
  id: Id,
  name: Text.max(255),
  status: z.enum(['RUNNING', 'FAILED', 'PASSED', 'CANCELLED']).optional(),
  startedAt: FixtureTime,
  stoppedAt: FixtureTime.optional(),
  results: z
    .array(z.strictObject({ name: Text.max(255), checkType: CheckType, outcome: CheckOutcome, errorMessage: Text.optional() }))
    .max(500),
});

/** A session's status when it does not say: FAILED if a result failed, else PASSED. */
export function derivedStatus(results: readonly { outcome: CheckOutcome }[]): 'FAILED' | 'PASSED' {
  return results.some((result) => result.outcome === 'failed') ? 'FAILED' : 'PASSED';
}

export const testSessions = recordKind({
  name: 'testSessions',
  make: () => new TestSessionRecords(),
  changes: {
    testSessionRecorded: (part: TestSessionRecords, change: TestSessionRecorded) => part.recorded(change.session),
    testSessionEnded: (part: TestSessionRecords, change: TestSessionEnded) => part.ended(change),
  },
  // Sessions are never deleted: one entry per session, oldest first, and their places are their order.
  snapshot: {
    *write(part: TestSessionRecords) {
      for (const record of part.all) if (record) yield { kind: 'testSession' as const, record };
    },
    restore: {
      testSession: (part: TestSessionRecords, entry: { kind: 'testSession'; record: StoredTestSession }) => void part.add(entry.record),
    },
  },
  fixtures: {
    field: 'testSessions',
    item: TestSessionFixture,
    uniqueIds: true,
    load(items, { id, at, commit }) {
      for (const item of items) {
        const startedAt = isoUtc(at(item.startedAt));
        const status = item.status ?? derivedStatus(item.results);
        const stoppedAt = status === 'RUNNING' ? null : isoUtc(item.stoppedAt === undefined ? at(item.startedAt) : at(item.stoppedAt));
        const results = item.results.map((result, index) => {
          const errorGroupIds: string[] = [];
          if (result.outcome === 'failed' && result.errorMessage !== undefined) {
            const group = commit<TestSessionErrorRecorded>({
              kind: 'testSessionErrorRecorded',
              newGroupId: id('test-session-error-group', `${item.id}/#${index}`),
              rawErrorMessage: result.errorMessage,
              timestamp: stoppedAt ?? startedAt,
            }) as { id: string };
            errorGroupIds.push(group.id);
          }
          return {
            id: id('test-session-result', `${item.id}/#${index}`),
            name: result.name,
            checkType: result.checkType,
            outcome: result.outcome,
            errorMessage: result.errorMessage ?? null,
            errorGroupIds,
          };
        });
        commit<TestSessionRecorded>({
          kind: 'testSessionRecorded',
          session: {
            id: id('test-session', item.id),
            name: item.name,
            status,
            startedAt,
            stoppedAt,
            created_at: startedAt,
            updated_at: stoppedAt,
            errorGroupIds: [...new Set(results.flatMap((result) => result.errorGroupIds))],
            results,
          },
        });
      }
    },
  },
});
