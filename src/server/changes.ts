// What a store emits for every change to an account's data: a typed record named for what
// happened, carrying everything needed to apply it again (ids and times are decided before
// the change is made, never generated while applying it). Persistence writes these records
// and replays them; nothing outside the store has to know its method names.
//
// Each kind of record declares its own changes (store/<kind>.ts); the union and the kinds a data
// file may hold are derived from the registry of kinds (store/kinds.ts).
//
// The shapes are a file format: a data file's header carries CHANGE_VERSION. Changing a
// shape, or a kind's meaning, means a new version and a reader that turns the old records
// into new ones (persistence/records-v1.ts reads version 1, the store's method calls). Adding a
// kind is not: a file without it reads as before (docs/data-file.md#format-versions).
import type { Change } from './store/kinds.js';

export type { AnalysisRequest, CompletedAnalysis } from './store/analyses.js';
export type { ArchiveMode, ErrorEvent } from './store/error-groups.js';
export type { RecordedHeartbeatEvent } from './store/heartbeats.js';
export type { IncidentChanges, IncidentUpdateChanges, NewIncident } from './store/incidents.js';
export { CHANGE_KINDS, type Change, type ChangeKind, type ChangeResult } from './store/kinds.js';
export type { NewStatusPage, StoredStatusPage } from './store/status-pages.js';

export const CHANGE_VERSION = 2;

/**
 * Where a store sends its changes (with --data, the data file: persistence/durability.ts).
 * A store asks failure() before it applies a change and refuses the change by throwing what
 * it returns; once the change is applied, append() takes it.
 */
export interface ChangeLog {
  /** Why changes are refused right now, or undefined when one can be taken. */
  failure(): Error | undefined;
  /** A change the store has applied to account `accountId`. Serialized at once: stored objects change later. */
  append(accountId: string, change: Change): void;
}
