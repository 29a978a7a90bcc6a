// An account's test-session error groups: the errors of test sessions' failed results, grouped by
// the hash of the cleaned message (docs/api-rules.md#test-sessions), a kind of their own beside
// the check runs' error groups, each with the analyses completed for it.
import type { RootCauseAnalysis, TestSessionErrorGroup } from '../../contract/schemas.js';
import { cleanErrorMessage, errorHash } from '../error-cleaning.js';
import type { ArchiveMode } from './error-groups.js';
import { recordKind } from './kind.js';

/** An error of a test session's result; `newGroupId` names the group if the error starts one. */
export interface TestSessionErrorRecorded {
  kind: 'testSessionErrorRecorded';
  newGroupId: string;
  rawErrorMessage: string;
  timestamp: string;
}

export interface TestSessionErrorGroupArchived {
  kind: 'testSessionErrorGroupArchived';
  errorGroupId: string;
  mode: ArchiveMode;
}

interface GroupRecord {
  readonly group: TestSessionErrorGroup;
  /** Archived with archiveForEver: new errors do not unarchive it. */
  forever: boolean;
}

export class TestSessionErrorGroupRecords {
  private readonly byId = new Map<string, GroupRecord>();
  /** Group id by error hash. */
  private readonly byHash = new Map<string, string>();

  get all(): Iterable<GroupRecord> {
    return this.byId.values();
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): TestSessionErrorGroup | undefined {
    return this.byId.get(id)?.group;
  }

  /** Newest lastSeen first (on a tie, the one recorded last first). */
  list(): TestSessionErrorGroup[] {
    const groups = [...this.byId.values()].map(({ group }) => group).reverse();
    return groups.sort((a, b) => Date.parse(b.lastSeen) - Date.parse(a.lastSeen));
  }

  recorded({ newGroupId, rawErrorMessage, timestamp }: TestSessionErrorRecorded): TestSessionErrorGroup {
    const cleaned = cleanErrorMessage(rawErrorMessage);
    const hash = errorHash(cleaned);
    const existing = this.byId.get(this.byHash.get(hash) ?? '');
    if (existing) {
      const { group } = existing;
      if (Date.parse(timestamp) < Date.parse(group.firstSeen)) group.firstSeen = timestamp;
      if (Date.parse(timestamp) >= Date.parse(group.lastSeen)) {
        group.lastSeen = timestamp;
        group.rawErrorMessage = rawErrorMessage;
      }
      if (!existing.forever) group.archivedUntilNextEvent = false;
      return group;
    }
    const group: TestSessionErrorGroup = {
      id: newGroupId,
      projectId: null,
      environments: null,
      errorHash: hash,
      rawErrorMessage,
      cleanedErrorMessage: cleaned,
      firstSeen: timestamp,
      lastSeen: timestamp,
      archivedUntilNextEvent: false,
      pwtMetadata: null,
      rootCauseAnalyses: [],
    };
    this.byId.set(group.id, { group, forever: false });
    this.byHash.set(hash, group.id);
    return group;
  }

  archived(id: string, mode: ArchiveMode): TestSessionErrorGroup {
    const record = this.byId.get(id);
    if (!record) throw new Error(`unknown test-session error group ${id}`);
    record.forever = mode === 'FOREVER';
    record.group.archivedUntilNextEvent = mode !== 'NONE';
    return record.group;
  }

  /** A completed analysis of the group, in the hosted shape of a test-session group's analyses. */
  analysisCompleted(id: string, analysis: RootCauseAnalysis, userContext: string | null): void {
    this.byId.get(id)?.group.rootCauseAnalyses.push({
      id: analysis.id,
      // An analysis keeps the day it was made: its midnight is the moment this shape asks for.
      created_at: `${analysis.created_at ?? '1970-01-01'}T00:00:00.000Z`,
      analysis: analysis.analysis ?? null,
      provider: analysis.provider,
      model: analysis.model,
      durationMs: analysis.durationMs,
      userContext,
    });
  }

  restore({ group, forever }: GroupRecord): void {
    this.byId.set(group.id, { group, forever });
    this.byHash.set(group.errorHash, group.id);
  }

  clear(): void {
    this.byId.clear();
    this.byHash.clear();
  }
}

export const testSessionErrorGroups = recordKind({
  name: 'testSessionErrorGroups',
  make: () => new TestSessionErrorGroupRecords(),
  changes: {
    testSessionErrorRecorded: (part, change: TestSessionErrorRecorded) => part.recorded(change),
    testSessionErrorGroupArchived: (part, change: TestSessionErrorGroupArchived) => part.archived(change.errorGroupId, change.mode),
  },
  snapshot: {
    *write(part) {
      for (const { group, forever } of part.all) yield { kind: 'testSessionErrorGroup' as const, group, forever };
    },
    restore: {
      testSessionErrorGroup: (part, entry: { kind: 'testSessionErrorGroup' } & GroupRecord) => part.restore(entry),
    },
  },
});
