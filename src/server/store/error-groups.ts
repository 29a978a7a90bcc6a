// An account's error groups: errors from check runs, grouped by check and by the hash of the
// cleaned message, each with the analyses completed for it.
import { z } from 'zod';
import type { ErrorGroup, RootCauseAnalysis } from '../../contract/schemas.js';
import { guessCheckType } from '../analysis/rules-provider.js';
import { dateOnly, isoUtc } from '../dates.js';
import { cleanErrorMessage, errorHash } from '../error-cleaning.js';
import { FixtureTime, Id, Text } from '../fixtures/fields.js';
import { recordKind } from './kind.js';

export type ArchiveMode = 'NONE' | 'UNTIL_NEXT_EVENT' | 'FOREVER';

/** An error from a check run; `newGroupId` names the group if the error starts one. */
export interface ErrorEvent {
  newGroupId: string;
  checkId: string;
  rawErrorMessage: string;
  timestamp: string;
  checkType: string;
}

export interface ErrorEventRecorded {
  kind: 'errorEventRecorded';
  event: ErrorEvent;
}

export interface ErrorGroupArchived {
  kind: 'errorGroupArchived';
  errorGroupId: string;
  mode: ArchiveMode;
}

export interface ErrorGroupRecord {
  readonly group: ErrorGroup & { rootCauseAnalyses: RootCauseAnalysis[] };
  /** `API` or `BROWSER`: what the analysis reports as checkType. */
  readonly checkType: string;
  /** Archived with archiveForEver: new events do not unarchive it. */
  forever: boolean;
}

function groupKey(checkId: string, hash: string): string {
  return `${checkId}\u0000${hash}`;
}

export class ErrorGroupRecords {
  private readonly byId = new Map<string, ErrorGroupRecord>();
  /** Group id by groupKey(check, hash). */
  private readonly byKey = new Map<string, string>();

  /** In the order they were recorded. */
  get all(): Iterable<ErrorGroupRecord> {
    return this.byId.values();
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): ErrorGroup | undefined {
    return this.byId.get(id)?.group;
  }

  checkType(id: string): string | undefined {
    return this.byId.get(id)?.checkType;
  }

  /** Error groups, of one check or all, newest lastSeen first (on a tie, the one recorded last first). */
  list(checkId?: string): ErrorGroup[] {
    const groups: ErrorGroup[] = [];
    for (const { group } of this.byId.values()) if (checkId === undefined || group.checkId === checkId) groups.push(group);
    return groups.reverse().sort((a, b) => (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0));
  }

  /** A new event unarchives a group archived until the next event, not one archived for ever. */
  recorded(args: ErrorEvent): ErrorGroup {
    const cleaned = cleanErrorMessage(args.rawErrorMessage);
    const hash = errorHash(cleaned);
    const key = groupKey(args.checkId, hash);
    const day = dateOnly(Date.parse(args.timestamp));
    const existingId = this.byKey.get(key);
    const existing = existingId === undefined ? undefined : this.byId.get(existingId);
    if (existing) {
      const group = existing.group;
      if (day < group.firstSeen) group.firstSeen = day;
      if (day >= group.lastSeen) {
        group.lastSeen = day;
        group.rawErrorMessage = args.rawErrorMessage;
      }
      if (!existing.forever) group.archivedUntilNextEvent = false;
      return group;
    }
    const group = {
      id: args.newGroupId,
      checkId: args.checkId,
      errorHash: hash,
      rawErrorMessage: args.rawErrorMessage,
      cleanedErrorMessage: cleaned,
      firstSeen: day,
      lastSeen: day,
      archivedUntilNextEvent: false,
      rootCauseAnalyses: [],
    };
    this.byId.set(group.id, { group, checkType: args.checkType, forever: false });
    this.byKey.set(key, group.id);
    return group;
  }

  archived(id: string, mode: ArchiveMode): ErrorGroup {
    const record = this.byId.get(id);
    if (!record) throw new Error(`unknown error group ${id}`);
    record.forever = mode === 'FOREVER';
    record.group.archivedUntilNextEvent = mode !== 'NONE';
    return record.group;
  }

  /** A completed analysis of the group, if the group is there. */
  analysisCompleted(id: string, analysis: RootCauseAnalysis): void {
    this.byId.get(id)?.group.rootCauseAnalyses.push(analysis);
  }

  restore({ group, checkType, forever }: ErrorGroupRecord): void {
    this.byId.set(group.id, { group, checkType, forever });
    this.byKey.set(groupKey(group.checkId, group.errorHash), group.id);
  }

  clear(): void {
    this.byId.clear();
    this.byKey.clear();
  }
}

export const ErrorGroupFixture = z.strictObject({
  id: Id.optional(),
  checkId: Id,
  checkType: z.enum(['API', 'BROWSER']).optional(),
  rawErrorMessage: Text,
  /** When the error was seen; at least once. */
  timestamps: z.array(FixtureTime).min(1),
  archived: z.enum(['UNTIL_NEXT_EVENT', 'FOREVER']).optional(),
});

export const errorGroups = recordKind({
  name: 'errorGroups',
  make: () => new ErrorGroupRecords(),
  changes: {
    /** A new event unarchives a group archived until the next event, not one archived for ever. */
    errorEventRecorded: (part, change: ErrorEventRecorded) => part.recorded(change.event),
    errorGroupArchived: (part, change: ErrorGroupArchived) => part.archived(change.errorGroupId, change.mode),
  },
  snapshot: {
    *write(part) {
      for (const { group, checkType, forever } of part.all) yield { kind: 'errorGroup' as const, group, checkType, forever };
    },
    restore: {
      errorGroup: (part, entry: { kind: 'errorGroup' } & ErrorGroupRecord) => part.restore(entry),
    },
  },
  fixtures: {
    field: 'errorGroups',
    item: ErrorGroupFixture,
    uniqueIds: true,
    load(items, { id, at, commit }) {
      for (const [index, group] of items.entries()) {
        const groupId = id('error-group', group.id ?? `#${index}`);
        let stored: ErrorGroup | undefined;
        for (const time of group.timestamps.map(at).sort((a, b) => a - b)) {
          stored = commit<ErrorEventRecorded>({
            kind: 'errorEventRecorded',
            event: {
              newGroupId: groupId,
              checkId: id('check', group.checkId),
              rawErrorMessage: group.rawErrorMessage,
              timestamp: isoUtc(time),
              checkType: group.checkType ?? guessCheckType(group.rawErrorMessage),
            },
          }) as ErrorGroup;
        }
        if (stored && group.archived)
          commit<ErrorGroupArchived>({ kind: 'errorGroupArchived', errorGroupId: stored.id, mode: group.archived });
      }
    },
  },
});
