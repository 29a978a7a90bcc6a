// What the maintenance verbs share: a WINDOW argument read as the window's number, the windows
// of the account (every page), a window with all its occurrences, and an OCCURRENCE (`next`, an
// id or a unique prefix of one) among them.
import type { Maintenance, MaintenanceWindow } from '../../contract/schemas.js';
import { usageError } from '../errors/exit-codes.js';
import { isNotFound, notFoundAmong } from '../errors/not-found.js';
import type { Context } from '../runtime/context.js';
import { isFinal, nextOccurrence, type WindowEntry } from '../views/maintenance-window.js';

type Client = Awaited<ReturnType<Context['client']>>;

/** The API's largest pages: windows 100, maintenances 50. */
const WINDOW_PAGE = 100;
const MAINTENANCE_PAGE = 50;

/** WINDOW as the API takes it: a whole number. */
export function windowNumber(given: string): string {
  const trimmed = given.trim();
  if (/^[1-9]\d*$/.test(trimmed)) return trimmed;
  throw usageError(
    `window "${given}": expected the number of a maintenance window, such as 1`,
    'statusctl maintenance list shows the windows and their numbers',
  );
}

export async function allWindows(client: Client): Promise<MaintenanceWindow[]> {
  const windows: MaintenanceWindow[] = [];
  for (let page = 1; ; page++) {
    const batch = await client.listMaintenanceWindows({ query: { limit: String(WINDOW_PAGE), page: String(page) } });
    windows.push(...batch);
    if (batch.length < WINDOW_PAGE) return windows;
  }
}

/** Every occurrence of the window the API lists (the past ones and the next 90 days'), soonest first. */
export async function allMaintenances(client: Client, id: string): Promise<Maintenance[]> {
  const maintenances: Maintenance[] = [];
  for (let page = 1; ; page++) {
    const batch = await client.listMaintenances({ params: { id }, query: { limit: String(MAINTENANCE_PAGE), page: String(page) } });
    maintenances.push(...batch);
    if (batch.length < MAINTENANCE_PAGE) return maintenances;
  }
}

/**
 * A listed window with its occurrences. Its occurrences are read by its number, a positive whole
 * number in the API's path; a window listed with another id (the document types it a number)
 * cannot be asked about, so it is shown without them and a note says why.
 */
export async function entryWithOccurrences(ctx: Context, client: Client, window: MaintenanceWindow): Promise<WindowEntry> {
  if (Number.isSafeInteger(window.id) && window.id > 0) return entryOf(window, await allMaintenances(client, String(window.id)));
  ctx.info(`note: maintenance window ${window.id}: its id is not a whole number, so its occurrences cannot be read`);
  return entryOf(window, []);
}

export function entryOf(window: MaintenanceWindow, maintenances: readonly Maintenance[]): WindowEntry {
  return { window, maintenances, next: nextOccurrence(maintenances) };
}

/** The window WINDOW names with its occurrences; an unknown number is exit 4 listing the windows. */
export async function readWindow(ctx: Context, given: string): Promise<WindowEntry> {
  const id = windowNumber(given);
  const client = await ctx.client();
  try {
    const [window, maintenances] = await Promise.all([client.getMaintenanceWindow({ params: { id } }), allMaintenances(client, id)]);
    return entryOf(window, maintenances);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    const known = await allWindows(client);
    throw notFoundAmong(
      'maintenance window',
      'maintenance windows',
      id,
      known.map((window) => ({ names: [String(window.id)], line: `${window.id} ${window.name}` })),
      'statusctl maintenance list shows the windows and their numbers',
    );
  }
}

/** OCCURRENCE: `next` (the next one not completed nor cancelled), or the id or a unique prefix of one. */
export function findOccurrence(entry: WindowEntry, given: string): Maintenance {
  const { window, maintenances } = entry;
  const listHint = `statusctl maintenance get ${window.id} lists its occurrences`;
  if (given === 'next') {
    const next = maintenances.find((maintenance) => !isFinal(maintenance.status));
    if (next) return next;
    throw usageError(`window ${window.id} "${window.name}": no occurrence left to update (all completed or cancelled)`, listHint);
  }
  const wanted = given.trim().toLowerCase();
  const matches = maintenances.filter((maintenance) => maintenance.id.toLowerCase().startsWith(wanted));
  if (wanted.length > 0 && matches.length === 1) return matches[0]!;
  if (matches.length > 1 && wanted.length > 0) {
    throw usageError(`occurrence "${given}": ${matches.length} occurrences of window ${window.id} start so; give more of the id`, listHint);
  }
  throw notFoundAmong(
    'occurrence',
    `occurrences of window ${window.id}`,
    given,
    maintenances.map((maintenance) => ({
      names: [maintenance.id],
      line: `${maintenance.id} ${maintenance.startsAt} ${maintenance.status}`,
    })),
    listHint,
  );
}

/** UPDATE: the id or a unique start of one of the occurrence's status updates. */
export function findUpdate(windowId: number, maintenance: Maintenance, given: string): Maintenance['updates'][number] {
  const listHint = `statusctl maintenance get ${windowId} lists the updates of its occurrences`;
  const wanted = given.trim().toLowerCase();
  const matches = maintenance.updates.filter((update) => wanted !== '' && update.id.toLowerCase().startsWith(wanted));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    throw usageError(
      `update "${given}": ${matches.length} updates of occurrence ${maintenance.id} start so; give more of the id`,
      listHint,
    );
  throw notFoundAmong(
    'update',
    `updates of occurrence ${maintenance.id}`,
    given,
    maintenance.updates.map((update) => ({ names: [update.id], line: `${update.id} ${update.status} ${update.description}` })),
    listHint,
  );
}
