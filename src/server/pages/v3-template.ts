// The HTML of a V3 status page: as a v2 page (template.ts: the same theme, styles, script and
// sections, the scheduled maintenance one included), with the component tree in place of cards (a group is a <details>, open, holding
// its children), each component's status written out in its row, and the components each
// incident impacts.
import type { V3ImpactStatus } from '../../contract/schemas.js';
import { CLIENT_SCRIPT } from './client-script.js';
import { html, type Markup, time, trusted } from './html.js';
import { maintenanceBanner, maintenanceSection } from './maintenance-section.js';
import { BASE_CSS, pageTop, type RenderOptions, STATE_BACKGROUND, STATUS_LABEL } from './template.js';
import { pageTheme } from './theme.js';
import { timelineNewestFirst } from './view.js';
import { V3_STATUS_CLASS, V3_STATUS_LABEL, type V3Node, type V3PageView, type V3ShownIncident } from './v3-view.js';

/** Maintenance's banner (white text, WCAG AA: test/server/v3-status-page-html.test.ts), as v2 pages draw it. */
export const MAINTENANCE_BACKGROUND = STATE_BACKGROUND.maintenance;

const V3_CSS =
  `.tree,.tree ul{list-style:none;margin:0;padding:0}` +
  `.tree ul{padding-left:1.25rem}` +
  `.tree .row{display:flex;justify-content:space-between;gap:1rem;padding:.5rem 0;border-top:1px solid var(--borderColor)}` +
  `.tree>li:first-child>.row,.tree>li:first-child>details>summary{border-top:0}` +
  `.tree summary{cursor:pointer;font-weight:600}` +
  `.tree summary>.row{display:inline-flex;width:calc(100% - 1.25rem);border-top:0}` +
  `.tree details>summary{border-top:1px solid var(--borderColor)}` +
  `.tree .note{display:block;font-size:.875rem}`;

function statusText(status: V3ImpactStatus): Markup {
  return html`<span><span class="dot ${V3_STATUS_CLASS[status]}" aria-hidden="true"></span>${V3_STATUS_LABEL[status]}</span>`;
}

function row(node: V3Node): Markup {
  const { component } = node;
  return html`<span class="row" data-component="${component.id}" data-status="${node.status}"><span>${component.name}${
    component.description ? html`<span class="note muted">${component.description}</span>` : ''
  }</span>${statusText(node.status)}</span>`;
}

function treeItem(node: V3Node): Markup {
  if (node.component.type !== 'GROUP') return html`<li>${row(node)}</li>`;
  return html`<li><details open><summary>${row(node)}</summary>
<ul>${node.children.map(treeItem)}</ul>
</details></li>`;
}

function incidentArticle({ incident, impacted }: V3ShownIncident): Markup {
  const anchor = `incident-${incident.id}`;
  const resolved = incident.lastUpdateStatus === 'RESOLVED';
  const affects = impacted.length
    ? `${resolved ? 'Affected' : 'Affects'} ${impacted.map((each) => `${each.name} (${V3_STATUS_LABEL[each.status].toLowerCase()})`).join(', ')}`
    : 'No components named';
  return html`<article class="card incident" id="${anchor}" data-incident="${incident.id}">
<h3><a href="#${anchor}">${incident.name}</a></h3>
<p class="meta muted">${affects}</p>
<ol class="timeline">${timelineNewestFirst(incident.incidentUpdates).map(
    (update) => html`<li><p><strong>${STATUS_LABEL[update.status]}</strong>: ${update.description}</p>
<p class="muted">${time(update.publicIncidentUpdateDate)}</p></li>`,
  )}</ol>
</article>
`;
}

/** The shown components' names, by id. */
function names(nodes: readonly V3Node[], into = new Map<string, string>()): Map<string, string> {
  for (const node of nodes) {
    into.set(node.component.id, node.component.name);
    names(node.children, into);
  }
  return into;
}

function banner(view: V3PageView): string {
  const count = `${view.open.length} open incident${view.open.length === 1 ? '' : 's'}`;
  if (view.overall === 'UNDER_MAINTENANCE')
    return view.open.length ? `${maintenanceBanner(view.maintenances)}, ${count}` : maintenanceBanner(view.maintenances);
  if (view.overall !== 'OPERATIONAL') return `${V3_STATUS_LABEL[view.overall]}: ${count}`;
  return view.open.length ? `All systems operational: ${count}` : 'All systems operational';
}

export function renderV3StatusPage(view: V3PageView, options: RenderOptions): string {
  const { page } = view;
  const theme = options.theme ?? pageTheme(page);
  return html`${pageTop({ ...page, noindex: !page.allowIndexing, theme, css: html`${trusted(BASE_CSS)}${trusted(V3_CSS)}`, section: ['components', 'Components'] }, options)}<p class="banner ${V3_STATUS_CLASS[view.overall]}" role="status">${banner(view)}</p>
<section id="components" aria-labelledby="components-title">
<h2 id="components-title">Components</h2>
${
  view.tree.length
    ? html`<div class="card"><ul class="tree">${view.tree.map(treeItem)}</ul></div>\n`
    : html`<p class="muted">This page lists no components.</p>\n`
}</section>
${maintenanceSection(view.maintenances, names(view.tree))}<section id="incidents" aria-labelledby="incidents-title">
<h2 id="incidents-title">Open incidents</h2>
${view.open.length ? view.open.map(incidentArticle) : html`<p class="muted">No open incidents.</p>\n`}</section>
<section id="history" aria-labelledby="history-title">
<h2 id="history-title">Resolved in the last 14 days</h2>
${view.resolved.length ? view.resolved.map(incidentArticle) : html`<p class="muted">No incidents in the last 14 days.</p>\n`}</section>
</main>
<footer class="wrap">${page.footerText ? html`<p class="description">${page.footerText}</p>\n` : ''}<p class="muted">A preview rendered by the statusctl reference server. Times are in your time zone (UTC without JavaScript).</p></footer>
<script>${trusted(CLIENT_SCRIPT)}</script>
</body>
</html>
`.text;
}
