// One account's records, a part per kind, made together: some parts look up others (an
// incident names services, a status page shows incidents, a subscription belongs to a page).
import { AnalysisRecords } from './analyses.js';
import { ErrorGroupRecords } from './error-groups.js';
import { HeartbeatRecords } from './heartbeats.js';
import { IncidentRecords } from './incidents.js';
import { NotificationRecords } from './notifications.js';
import { ServiceRecords } from './services.js';
import { StatusPageRecords } from './status-pages.js';
import { SubscriptionRecords } from './subscriptions.js';

export interface StoreParts {
  readonly services: ServiceRecords;
  readonly statusPages: StatusPageRecords;
  readonly subscriptions: SubscriptionRecords;
  readonly notifications: NotificationRecords;
  readonly incidents: IncidentRecords;
  readonly errorGroups: ErrorGroupRecords;
  readonly analyses: AnalysisRecords;
  readonly heartbeats: HeartbeatRecords;
}

export function newStoreParts(accountId: string): StoreParts {
  const services = new ServiceRecords();
  const incidents = new IncidentRecords(services);
  const statusPages = new StatusPageRecords(services, incidents);
  const errorGroups = new ErrorGroupRecords();
  return {
    services,
    statusPages,
    subscriptions: new SubscriptionRecords(statusPages),
    notifications: new NotificationRecords(),
    incidents,
    errorGroups,
    analyses: new AnalysisRecords(errorGroups),
    heartbeats: new HeartbeatRecords(accountId),
  };
}

/** Empties every part (a store about to be filled again from a snapshot). */
export function clearStoreParts(parts: StoreParts): void {
  for (const part of Object.values(parts)) part.clear();
}
