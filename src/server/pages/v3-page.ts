// A V3 page's HTML from its account's records: its components, its incidents, the maintenances it
// shows, and the view and template that draw them.
import type { V3StatusPage } from '../../contract/schemas.js';
import type { AccountScope } from '../handlers/types.js';
import type { ShownMaintenance } from '../maintenance-reach.js';
import type { RenderOptions } from './template.js';
import { renderV3StatusPage } from './v3-template.js';
import { v3PageView } from './v3-view.js';

export function v3Body(
  account: AccountScope,
  page: V3StatusPage,
  now: number,
  maintenances: readonly ShownMaintenance[],
  options: RenderOptions,
): string {
  const { v3Components, v3Incidents } = account.store.records;
  return renderV3StatusPage(v3PageView(page, v3Components.ofPage(page.id), v3Incidents.ofPage(page.id), now, maintenances), options);
}
