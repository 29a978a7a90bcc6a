// The notifications sent to subscribers, oldest first.
import type { Notification } from '../../contract/schemas.js';
import { recordKind } from './kind.js';

export interface NotificationsRecorded {
  kind: 'notificationsRecorded';
  notifications: Notification[];
}

export class NotificationRecords {
  private readonly sent: Notification[] = [];

  /** Oldest first. */
  get all(): readonly Notification[] {
    return this.sent;
  }

  /** Newest first; only the incident's when one is named. */
  list(incidentId?: string): Notification[] {
    const all = incidentId === undefined ? this.sent : this.sent.filter((n) => n.incidentId === incidentId);
    return [...all].reverse();
  }

  recorded(notifications: readonly Notification[]): void {
    this.sent.push(...notifications);
  }

  /** One of a snapshot, after those restored before it. */
  restore(notification: Notification): void {
    this.sent.push(notification);
  }

  clear(): void {
    this.sent.length = 0;
  }
}

export const notifications = recordKind({
  name: 'notifications',
  make: () => new NotificationRecords(),
  changes: {
    notificationsRecorded: (part, change: NotificationsRecorded) => part.recorded(change.notifications),
  },
  snapshot: {
    *write(part) {
      for (const notification of part.all) yield { kind: 'notification' as const, notification };
    },
    restore: {
      notification: (part, entry: { kind: 'notification'; notification: Notification }) => part.restore(entry.notification),
    },
  },
});
