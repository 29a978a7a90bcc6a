// What a store emits for every change to an account's data: a typed record named for what
// happened, carrying everything needed to apply it again (ids and times are decided before
// the change is made, never generated while applying it). Persistence writes these records
// and replays them; nothing outside the store has to know its method names.
//
// The shapes are a file format: a data file's header carries CHANGE_VERSION. Changing a
// shape, or a kind's meaning, means a new version and a reader that turns the old records
// into new ones (persistence/records-v1.ts reads version 1, the store's method calls). Adding a
// kind is not: a file without it reads as before (docs/data-file.md#format-versions).
import type {
  Analysis,
  HeartbeatEvent,
  IncidentUpdate,
  Notification,
  RootCauseAnalysis,
  Service,
  Severity,
  StatusPage,
  Subscription,
} from '../contract/schemas.js';

export const CHANGE_VERSION = 2;

export type ArchiveMode = 'NONE' | 'UNTIL_NEXT_EVENT' | 'FOREVER';

/** A status page as stored: its incidents are looked up when it is read. */
export type StoredStatusPage = Omit<StatusPage, 'incidents'>;

/** A new status page: its cards name services by id (the store embeds the services). */
export type NewStatusPage = Omit<StoredStatusPage, 'cards'> & {
  cards: (Omit<StoredStatusPage['cards'][number], 'services'> & { serviceIds: string[] })[];
};

export interface NewIncident {
  id: string;
  name: string;
  severity: Severity;
  serviceIds: string[];
  incidentUpdates: IncidentUpdate[];
  created_at: string;
  /** Defaults to created_at; fixtures set it to the day of their last update. */
  updated_at?: string;
}

export type IncidentUpdateChanges = Partial<
  Pick<IncidentUpdate, 'description' | 'status' | 'publicIncidentUpdateDate' | 'notifySubscribers'>
>;

/** An error from a check run; `newGroupId` names the group if the error starts one. */
export interface ErrorEvent {
  newGroupId: string;
  checkId: string;
  rawErrorMessage: string;
  timestamp: string;
  checkType: string;
}

export interface AnalysisRequest {
  id: string;
  errorGroupId: string;
  userContext: string | null;
}

export type CompletedAnalysis = RootCauseAnalysis & { analysis: Analysis };

/** What a PUT of an incident sets. */
export interface IncidentChanges {
  name: string;
  severity: Severity;
  serviceIds: string[];
}

/**
 * A ping as recorded. Records written before pings had ids carry none: the store derives one
 * (store/heartbeats.ts), the same on every replay of the file.
 */
export type RecordedHeartbeatEvent = Omit<HeartbeatEvent, 'id'> & { id?: string };

export type Change =
  | { kind: 'serviceAdded'; service: Service }
  | { kind: 'statusPageAdded'; page: NewStatusPage }
  | { kind: 'incidentCreated'; incident: NewIncident }
  /** `today` is the day the change was made: the incident's updated_at. */
  | { kind: 'incidentUpdateAdded'; incidentId: string; update: IncidentUpdate; today: string }
  | { kind: 'incidentUpdateChanged'; incidentId: string; updateId: string; changes: IncidentUpdateChanges; today: string }
  | { kind: 'errorEventRecorded'; event: ErrorEvent }
  | { kind: 'errorGroupArchived'; errorGroupId: string; mode: ArchiveMode }
  | { kind: 'analysisRequested'; request: AnalysisRequest }
  | { kind: 'analysisCompleted'; analysis: CompletedAnalysis }
  | { kind: 'heartbeatEventRecorded'; event: RecordedHeartbeatEvent }
  /** A check known before any ping (from fixtures). */
  | { kind: 'heartbeatCheckAdded'; checkId: string }
  | { kind: 'incidentChanged'; incidentId: string; changes: IncidentChanges; today: string }
  | { kind: 'incidentDeleted'; incidentId: string }
  | { kind: 'incidentUpdateDeleted'; incidentId: string; updateId: string; today: string }
  /** The new subscriptions only: those skipped (already subscribed) are not in the record. */
  | { kind: 'subscriptionsAdded'; statusPageId: string; subscriptions: Subscription[] }
  | { kind: 'subscriptionDeleted'; statusPageId: string; subscriptionId: string }
  | { kind: 'subscriptionVerified'; statusPageId: string; subscriptionId: string; today: string }
  | { kind: 'notificationsRecorded'; notifications: Notification[] };

export type ChangeKind = Change['kind'];

export const CHANGE_KINDS: ReadonlySet<string> = new Set<ChangeKind>([
  'serviceAdded',
  'statusPageAdded',
  'incidentCreated',
  'incidentUpdateAdded',
  'incidentUpdateChanged',
  'errorEventRecorded',
  'errorGroupArchived',
  'analysisRequested',
  'analysisCompleted',
  'heartbeatEventRecorded',
  'heartbeatCheckAdded',
  'incidentChanged',
  'incidentDeleted',
  'incidentUpdateDeleted',
  'subscriptionsAdded',
  'subscriptionDeleted',
  'subscriptionVerified',
  'notificationsRecorded',
]);

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
