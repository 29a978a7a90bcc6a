// An account's root cause analyses: pending until completed, each of one error group.
import type { Analysis, RootCauseAnalysis } from '../../contract/schemas.js';
import type { ErrorGroupRecords } from './error-groups.js';
import { recordKind } from './kind.js';
import type { TestSessionErrorGroupRecords } from './test-session-error-groups.js';

export interface AnalysisRequest {
  id: string;
  errorGroupId: string;
  userContext: string | null;
}

export type CompletedAnalysis = RootCauseAnalysis & { analysis: Analysis };

export interface AnalysisRequested {
  kind: 'analysisRequested';
  request: AnalysisRequest;
}

export interface AnalysisCompleted {
  kind: 'analysisCompleted';
  analysis: CompletedAnalysis;
}

interface Parts {
  readonly errorGroups: ErrorGroupRecords;
  /** The test-session analysis route takes these groups' ids too. */
  readonly testSessionErrorGroups: TestSessionErrorGroupRecords;
}

export interface PendingAnalysis {
  id: string;
  status: 'PENDING';
}

export interface AnalysisRecord {
  view: PendingAnalysis | RootCauseAnalysis;
  readonly errorGroupId: string;
  readonly userContext: string | null;
}

export class AnalysisRecords {
  private readonly byId = new Map<string, AnalysisRecord>();

  constructor(private readonly parts: Parts) {}

  /** By id, in the order they were requested. */
  get all(): ReadonlyMap<string, AnalysisRecord> {
    return this.byId;
  }

  get(id: string): PendingAnalysis | RootCauseAnalysis | undefined {
    return this.byId.get(id)?.view;
  }

  getRequest(id: string): { errorGroupId: string; userContext: string | null } | undefined {
    const record = this.byId.get(id);
    return record && { errorGroupId: record.errorGroupId, userContext: record.userContext };
  }

  /** Analyses still PENDING: after a restart from a data file they are scheduled again. */
  pendingIds(): string[] {
    const ids: string[] = [];
    for (const [id, record] of this.byId) if (record.view.status === 'PENDING') ids.push(id);
    return ids;
  }

  requested(args: AnalysisRequest): PendingAnalysis {
    if (!this.parts.errorGroups.has(args.errorGroupId) && !this.parts.testSessionErrorGroups.has(args.errorGroupId))
      throw new Error(`unknown error group ${args.errorGroupId}`);
    const view: PendingAnalysis = { id: args.id, status: 'PENDING' };
    this.byId.set(args.id, { view, errorGroupId: args.errorGroupId, userContext: args.userContext });
    return view;
  }

  completed(analysis: CompletedAnalysis): RootCauseAnalysis {
    const record = this.byId.get(analysis.id);
    if (!record) throw new Error(`unknown analysis ${analysis.id}`);
    record.view = analysis;
    this.parts.errorGroups.analysisCompleted(record.errorGroupId, analysis);
    this.parts.testSessionErrorGroups.analysisCompleted(record.errorGroupId, analysis, record.userContext);
    return analysis;
  }

  restore(id: string, { view, errorGroupId, userContext }: AnalysisRecord): void {
    this.byId.set(id, { view, errorGroupId, userContext });
  }

  clear(): void {
    this.byId.clear();
  }
}

export const analyses = recordKind({
  name: 'analyses',
  make: (parts: Parts) => new AnalysisRecords(parts),
  changes: {
    analysisRequested: (part, change: AnalysisRequested) => part.requested(change.request),
    analysisCompleted: (part, change: AnalysisCompleted) => part.completed(change.analysis),
  },
  snapshot: {
    *write(part) {
      for (const [id, { view, errorGroupId, userContext }] of part.all)
        yield { kind: 'analysis' as const, id, view, errorGroupId, userContext };
    },
    restore: {
      analysis: (part, entry: { kind: 'analysis'; id: string } & AnalysisRecord) => part.restore(entry.id, entry),
    },
  },
});
