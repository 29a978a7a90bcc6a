// The maintenance windows kind: each window as answered, its maintenances (one per occurrence
// of its schedule, soonest first) with their status updates, how far its schedule has been
// materialised, and the highest window id ever given in the account (ids are whole numbers
// that never come back, so a deleted window's id is still counted).
import { z } from 'zod';
import type { Maintenance, MaintenanceUpdate, MaintenanceWindow } from '../../contract/schemas.js';
import { MaintenanceStatus, RepeatUnit, TimeZone } from '../../contract/schemas.js';
import { dateOnly, isoUtc } from '../dates.js';
import { Id, Text } from '../fixtures/fields.js';
import { seededId } from '../fixtures/ids.js';
import { type FixtureContext, recordKind } from './kind.js';
import { DEFAULT_VISIBILITY, type HeldMaintenance, materialise } from './maintenance-occurrences.js';

export type { HeldMaintenance } from './maintenance-occurrences.js';

export interface HeldWindow {
  window: MaintenanceWindow;
  /** The index of the next occurrence of the schedule to materialise (0: none yet). */
  nextOccurrence: number;
  maintenances: HeldMaintenance[];
}

export interface MaintenanceWindowAdded {
  kind: 'maintenanceWindowAdded';
  window: MaintenanceWindow;
}

/** A PUT: the window as it now is; the future maintenances it drops (no updates yet) go. */
export interface MaintenanceWindowChanged {
  kind: 'maintenanceWindowChanged';
  window: MaintenanceWindow;
  dropped: string[];
  nextOccurrence: number;
}

export interface MaintenanceWindowDeleted {
  kind: 'maintenanceWindowDeleted';
  windowId: number;
}

/** Occurrences of the schedule materialised (created or caught up), ids and times decided. */
export interface MaintenancesScheduled {
  kind: 'maintenancesScheduled';
  windowId: number;
  maintenances: HeldMaintenance[];
  nextOccurrence: number;
}

/** A maintenance replaced whole: moved by a PATCH, or an update posted, edited or deleted. */
export interface MaintenanceChanged {
  kind: 'maintenanceChanged';
  windowId: number;
  maintenance: HeldMaintenance;
}

export interface MaintenanceDeleted {
  kind: 'maintenanceDeleted';
  windowId: number;
  maintenanceId: string;
}

export class MaintenanceWindowRecords {
  private readonly windows = new Map<number, HeldWindow>();
  /** The highest id given, deleted windows included. */
  highestId = 0;

  get(id: number): HeldWindow | undefined {
    return this.windows.get(id);
  }

  /** Oldest first. */
  all(): HeldWindow[] {
    return [...this.windows.values()];
  }

  find(windowId: number, maintenanceId: string): HeldMaintenance | undefined {
    return this.windows.get(windowId)?.maintenances.find((held) => held.maintenance.id === maintenanceId);
  }

  added(window: MaintenanceWindow): MaintenanceWindow {
    this.windows.set(window.id, { window, nextOccurrence: 0, maintenances: [] });
    this.highestId = Math.max(this.highestId, window.id);
    return window;
  }

  changed(change: MaintenanceWindowChanged): MaintenanceWindow {
    const held = this.require(change.window.id);
    held.window = change.window;
    held.maintenances = held.maintenances.filter((each) => !change.dropped.includes(each.maintenance.id));
    held.nextOccurrence = change.nextOccurrence;
    return change.window;
  }

  deleted(windowId: number): void {
    this.windows.delete(windowId);
  }

  scheduled(change: MaintenancesScheduled): void {
    const held = this.require(change.windowId);
    held.maintenances.push(...change.maintenances);
    held.maintenances.sort((a, b) => Date.parse(a.maintenance.startsAt) - Date.parse(b.maintenance.startsAt));
    held.nextOccurrence = change.nextOccurrence;
  }

  maintenanceChanged(windowId: number, maintenance: HeldMaintenance): Maintenance {
    const held = this.require(windowId);
    const place = held.maintenances.findIndex((each) => each.maintenance.id === maintenance.maintenance.id);
    if (place === -1) throw new Error(`unknown maintenance ${maintenance.maintenance.id}`);
    held.maintenances[place] = maintenance;
    held.maintenances.sort((a, b) => Date.parse(a.maintenance.startsAt) - Date.parse(b.maintenance.startsAt));
    return maintenance.maintenance;
  }

  maintenanceDeleted(windowId: number, maintenanceId: string): void {
    const held = this.require(windowId);
    held.maintenances = held.maintenances.filter((each) => each.maintenance.id !== maintenanceId);
  }

  restore(held: HeldWindow): void {
    this.windows.set(held.window.id, held);
    this.highestId = Math.max(this.highestId, held.window.id);
  }

  clear(): void {
    this.windows.clear();
    this.highestId = 0;
  }

  private require(windowId: number): HeldWindow {
    const held = this.windows.get(windowId);
    if (!held) throw new Error(`unknown maintenance window ${windowId}`);
    return held;
  }
}

export type { Maintenance, MaintenanceUpdate, MaintenanceWindow };

/**
 * A seeded window's id: a whole number derived from the account and the fixture's key, as the
 * seeded UUIDs are, so no two accounts' seeded windows share an id and an account's are the same
 * on every start; the windows created later get ids past them.
 */
export function seededWindowId(accountId: string, key: string): number {
  return 1_000_000_000 + Number.parseInt(seededId(accountId, 'maintenance-window', key).slice(0, 8), 16);
}

export const MaintenanceWindowFixture = z.strictObject({
  id: Id.optional(),
  name: Text.max(200),
  description: Text.max(2000).optional(),
  /** Hours from the server's start to the first maintenance (negative: before it). */
  startsInHours: z.number(),
  durationMinutes: z.number().int().min(1),
  timezone: TimeZone.optional(),
  repeatInterval: z.number().int().min(1).max(365).optional(),
  repeatUnit: RepeatUnit.optional(),
  /** Keys of v2 status pages of the file that show it, and of the services under maintenance. */
  statusPages: z.array(Id).optional(),
  services: z.array(Id).optional(),
  /** Status updates of its first maintenance, oldest first. */
  updates: z.array(z.strictObject({ status: MaintenanceStatus, description: Text.max(2000) })).optional(),
});

export const maintenanceWindows = recordKind({
  name: 'maintenanceWindows',
  make: () => new MaintenanceWindowRecords(),
  changes: {
    maintenanceWindowAdded: (part, change: MaintenanceWindowAdded) => part.added(change.window),
    maintenanceWindowChanged: (part, change: MaintenanceWindowChanged) => part.changed(change),
    maintenanceWindowDeleted: (part, change: MaintenanceWindowDeleted) => void part.deleted(change.windowId),
    maintenancesScheduled: (part, change: MaintenancesScheduled) => void part.scheduled(change),
    maintenanceChanged: (part, change: MaintenanceChanged) => part.maintenanceChanged(change.windowId, change.maintenance),
    maintenanceDeleted: (part, change: MaintenanceDeleted) => void part.maintenanceDeleted(change.windowId, change.maintenanceId),
  },
  snapshot: {
    *write(part: MaintenanceWindowRecords) {
      const windows = part.all();
      // Only when a deleted window held the highest id: the windows' own ids say it otherwise.
      if (part.highestId > 0 && windows.every((held) => held.window.id < part.highestId))
        yield { kind: 'maintenanceWindowIds' as const, highestId: part.highestId };
      for (const held of windows) yield { kind: 'maintenanceWindow' as const, record: held };
    },
    restore: {
      maintenanceWindowIds: (part: MaintenanceWindowRecords, entry: { kind: 'maintenanceWindowIds'; highestId: number }) => {
        part.highestId = Math.max(part.highestId, entry.highestId);
      },
      maintenanceWindow: (part: MaintenanceWindowRecords, entry: { kind: 'maintenanceWindow'; record: HeldWindow }) =>
        part.restore(entry.record),
    },
  },
  fixtures: {
    field: 'maintenanceWindows',
    item: MaintenanceWindowFixture,
    uniqueIds: true,
    load(items, { accountId, id, now, commit }) {
      for (const [index, item] of items.entries()) seedWindow(item, item.id ?? `#${index}`, { accountId, id, now, commit });
    },
  },
});

/** One window of a fixture file, with its first maintenances and the first one's updates. */
function seedWindow(
  item: z.infer<typeof MaintenanceWindowFixture>,
  key: string,
  ctx: Pick<FixtureContext, 'accountId' | 'id' | 'now' | 'commit'>,
): void {
  const { id, now, commit } = ctx;
  const starts = now + item.startsInHours * 3_600_000;
  const window: MaintenanceWindow = {
    id: seededWindowId(ctx.accountId, key),
    name: item.name,
    tags: [],
    startsAt: isoUtc(starts),
    endsAt: isoUtc(starts + item.durationMinutes * 60_000),
    repeatInterval: item.repeatInterval ?? null,
    repeatUnit: item.repeatUnit ?? (item.repeatInterval ? 'WEEK' : null),
    repeatEndsAt: null,
    timezone: item.timezone ?? 'UTC',
    description: item.description ?? null,
    statusPageVisibility: {
      ...DEFAULT_VISIBILITY,
      enabled: (item.statusPages?.length ?? 0) > 0,
      statusPageIds: (item.statusPages ?? []).map((page) => id('page', page)),
      serviceIds: (item.services ?? []).map((service) => id('service', service)),
    },
    pauseAllChecks: false,
    silenceAlertsTags: [],
    silenceAllAlerts: false,
    created_at: dateOnly(now),
    updated_at: null,
  };
  commit<MaintenanceWindowAdded>({ kind: 'maintenanceWindowAdded', window });
  let place = 0;
  const { maintenances, next } = materialise(window, 0, { now: () => now, newId: () => id('maintenance', `${key}/#${place++}`) });
  const [first] = maintenances;
  const updates = item.updates ?? [];
  if (first && updates.length) {
    first.maintenance.updates = updates.map((update, number) => ({
      id: id('maintenance', `${key}/#0/update/#${number}`),
      maintenanceWindowId: window.id,
      maintenanceId: first.maintenance.id,
      status: update.status,
      description: update.description,
      notifySubscribers: false,
      created_at: isoUtc(now),
      previousStatus: number === 0 ? 'SCHEDULED' : updates[number - 1]!.status,
      previousStartsAt: null,
      previousEndsAt: null,
      dateAdjustments: null,
    }));
    first.maintenance.status = updates.at(-1)!.status;
  }
  commit<MaintenancesScheduled>({ kind: 'maintenancesScheduled', windowId: window.id, maintenances, nextOccurrence: next });
}
