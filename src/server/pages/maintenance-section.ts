// The scheduled maintenance section of a status page, v2 and V3 alike: each maintenance the page
// shows (in progress first, then those announced, soonest first) with its window's name and
// description, its times, what it puts under maintenance there (when the window shows it), and
// its status updates newest first. A page showing none has no such section.
import type { MaintenanceStatus, MaintenanceUpdate } from '../../contract/schemas.js';
import type { ShownMaintenance } from '../maintenance-reach.js';
import { html, type Markup } from './html.js';
import { time } from './html.js';

export const MAINTENANCE_STATUS_LABEL: Record<MaintenanceStatus, string> = {
  SCHEDULED: 'Scheduled',
  IN_PROGRESS: 'In progress',
  VERIFYING: 'Verifying',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

/** Newest first; on equal times, the one added last first. */
function newestFirst(updates: readonly MaintenanceUpdate[]): MaintenanceUpdate[] {
  return updates
    .map((update, index) => ({ update, index, at: Date.parse(update.created_at) }))
    .sort((a, b) => b.at - a.at || b.index - a.index)
    .map((entry) => entry.update);
}

function article(shown: ShownMaintenance, names: ReadonlyMap<string, string>): Markup {
  const { window, maintenance } = shown;
  const anchor = `maintenance-${maintenance.id}`;
  const affected = shown.affected.flatMap((id) => names.get(id) ?? []);
  const affects =
    window.statusPageVisibility.showAffectedServices && affected.length
      ? ` · ${shown.inProgress ? 'Affects' : 'Will affect'} ${affected.join(', ')}`
      : '';
  return html`<article class="card maintenance" id="${anchor}" data-maintenance="${maintenance.id}" data-state="${shown.inProgress ? 'in-progress' : 'scheduled'}">
<h3><a href="#${anchor}">${window.name}</a></h3>
<p class="meta muted">${MAINTENANCE_STATUS_LABEL[maintenance.status]} · ${time(maintenance.startsAt)} to ${time(maintenance.endsAt)}${affects}</p>
${window.description ? html`<p class="description">${window.description}</p>\n` : ''}<ol class="timeline">${newestFirst(
    maintenance.updates,
  ).map(
    (update) => html`<li><p><strong>${MAINTENANCE_STATUS_LABEL[update.status]}</strong>: ${update.description}</p>
<p class="muted">${time(update.created_at)}</p></li>`,
  )}</ol>
</article>
`;
}

/** `names`: the page's services or components by id, those shown. */
export function maintenanceSection(maintenances: readonly ShownMaintenance[], names: ReadonlyMap<string, string>): Markup | '' {
  if (!maintenances.length) return '';
  return html`<section id="maintenance" aria-labelledby="maintenance-title">
<h2 id="maintenance-title">Scheduled maintenance</h2>
${maintenances.map((shown) => article(shown, names))}</section>
`;
}

/** The banner's words while a maintenance is in progress and no incident is worse. */
export function maintenanceBanner(maintenances: readonly ShownMaintenance[]): string {
  const count = maintenances.filter((shown) => shown.inProgress).length;
  return `Under maintenance: ${count} maintenance${count === 1 ? '' : 's'} in progress`;
}
