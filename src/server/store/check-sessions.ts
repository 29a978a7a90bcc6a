// An account's check sessions (docs/api-rules.md#check-sessions): one per check a trigger matched,
// STARTED until the reference server has "run" the check, then ended with that run's result; in
// the order they started (a session's place), with the listeners of those waiting for one to end.
import type { CheckType } from '../../contract/schemas.js';
import { Collection } from './collection.js';
import { recordKind } from './kind.js';

export type CheckSessionEnd = 'PASSED' | 'FAILED' | 'DEGRADED';

export interface StoredCheckSession {
  readonly id: string;
  readonly checkId: string;
  readonly name: string;
  readonly checkType: CheckType;
  status: 'STARTED' | CheckSessionEnd;
  readonly startedAt: string;
  stoppedAt: string | null;
  /** The result of the run, once it ended. */
  resultId: string | null;
}

export interface CheckSessionStarted {
  kind: 'checkSessionStarted';
  session: StoredCheckSession;
}

export interface CheckSessionFinished {
  kind: 'checkSessionFinished';
  checkSessionId: string;
  status: CheckSessionEnd;
  stoppedAt: string;
  resultId: string;
}

export class CheckSessionRecords extends Collection<StoredCheckSession> {
  private readonly waiting = new Map<string, Set<() => void>>();

  started(session: StoredCheckSession): StoredCheckSession {
    const copy = { ...session };
    this.add(copy);
    return copy;
  }

  finished({ checkSessionId, status, stoppedAt, resultId }: CheckSessionFinished): StoredCheckSession {
    const session = this.get(checkSessionId);
    if (!session) throw new Error(`unknown check session ${checkSessionId}`);
    session.status = status;
    session.stoppedAt = stoppedAt;
    session.resultId = resultId;
    for (const listener of this.waiting.get(checkSessionId) ?? []) listener();
    this.waiting.delete(checkSessionId);
    return session;
  }

  /** Sessions whose check has not run yet: after a restart from a data file they run then. */
  startedIds(): string[] {
    const ids: string[] = [];
    for (const session of this.all) if (session?.status === 'STARTED') ids.push(session.id);
    return ids;
  }

  /** Calls `listener` once the session ends; the function returned stops listening. */
  onFinished(checkSessionId: string, listener: () => void): () => void {
    const listeners = this.waiting.get(checkSessionId) ?? new Set();
    listeners.add(listener);
    this.waiting.set(checkSessionId, listeners);
    return () => listeners.delete(listener);
  }
}

export const checkSessions = recordKind({
  name: 'checkSessions',
  make: () => new CheckSessionRecords(),
  changes: {
    checkSessionStarted: (part: CheckSessionRecords, change: CheckSessionStarted) => part.started(change.session),
    checkSessionFinished: (part: CheckSessionRecords, change: CheckSessionFinished) => part.finished(change),
  },
  // Sessions are never deleted: one entry per session, oldest first.
  snapshot: {
    *write(part: CheckSessionRecords) {
      for (const record of part.all) if (record) yield { kind: 'checkSession' as const, record };
    },
    restore: {
      checkSession: (part: CheckSessionRecords, entry: { kind: 'checkSession'; record: StoredCheckSession }) => void part.add(entry.record),
    },
  },
});
