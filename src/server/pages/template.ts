// The HTML of a status page, and of the short pages answered instead of one (private, several
// accounts, not found). Valid HTML5, readable without JavaScript, with everything inline: the
// only addresses in it are the page's own, data: URLs and in-page anchors.
import type { Incident, IncidentStatus } from '../../contract/schemas.js';
import { CLIENT_SCRIPT } from './client-script.js';
import { html, type Markup, time, trusted } from './html.js';
import { maintenanceBanner, maintenanceSection } from './maintenance-section.js';
import { pageTheme, type PageTheme } from './theme.js';
import { STATE_LABEL, type PageView, type ServiceState, stateOfIncident, timelineNewestFirst } from './view.js';

export const STATUS_LABEL: Record<IncidentStatus, string> = {
  INVESTIGATING: 'Investigating',
  IDENTIFIED: 'Identified',
  MONITORING: 'Monitoring',
  RESOLVED: 'Resolved',
};

/**
 * The banner's background for each state, the same in both themes, with white text: each
 * passes WCAG AA against white (test/server/status-page-html.test.ts checks it).
 */
export const STATE_BACKGROUND: Record<ServiceState, string> = {
  operational: '#166534',
  maintenance: '#1E40AF',
  degraded: '#854D0E',
  partial: '#9A3412',
  major: '#991B1B',
};
/** The dot beside a service's state (not text: decoration beside the state's name). */
const STATE_DOT: Record<ServiceState, string> = {
  operational: '#22C55E',
  maintenance: '#3B82F6',
  degraded: '#EAB308',
  partial: '#F97316',
  major: '#EF4444',
};

export const BASE_CSS =
  `*{box-sizing:border-box}` +
  `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;` +
  `background:var(--bodyBackgroundColor);color:var(--body-text)}` +
  `.wrap{max-width:52rem;margin:0 auto;padding:0 1rem}` +
  `header.site{background:var(--headerBackgroundColor);color:var(--header-text)}` +
  `header.site .wrap{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.5rem;padding-top:.75rem;padding-bottom:.75rem}` +
  `.brand{color:var(--header-text);font-weight:600;font-size:1.125rem;text-decoration:none;margin-right:auto}` +
  `.brand img{display:block;max-height:2.5rem;max-width:12rem}` +
  `nav a{color:var(--nav-text);margin-right:1rem}` +
  `.live{background:var(--primaryButtonBackgroundColor);color:var(--button-text);border-radius:999px;padding:.125rem .75rem;font-size:.875rem}` +
  `h1{color:var(--title-text);margin:1.5rem 0 .25rem;font-size:2rem;line-height:1.2}` +
  `h2{color:var(--title-text);margin:2rem 0 .75rem;font-size:1.375rem}` +
  `h3{margin:0 0 .5rem;font-size:1.125rem}` +
  `a{color:var(--link-text)}` +
  `.description{margin:0;white-space:pre-line}` +
  `.muted{color:var(--muted-text)}` +
  `.banner{margin:1.5rem 0 0;padding:1rem 1.25rem;border-radius:.5rem;color:#FFFFFF;font-weight:600;font-size:1.125rem}` +
  Object.entries(STATE_BACKGROUND)
    .map(([state, color]) => `.banner.${state}{background:${color}}`)
    .join('') +
  `.card{background:var(--cardBackgroundColor);color:var(--card-text);border:1px solid var(--borderColor);border-radius:.5rem;padding:1rem 1.25rem;margin:0 0 1rem}` +
  `.card a{color:var(--card-link-text)}` +
  `.card .muted{color:var(--card-muted-text)}` +
  `.services{list-style:none;margin:0;padding:0}` +
  `.services li{display:flex;justify-content:space-between;gap:1rem;padding:.5rem 0;border-top:1px solid var(--borderColor)}` +
  `.services li:first-child{border-top:0}` +
  `.dot{display:inline-block;width:.625rem;height:.625rem;border-radius:50%;margin-right:.5rem}` +
  Object.entries(STATE_DOT)
    .map(([state, color]) => `.dot.${state}{background:${color}}`)
    .join('') +
  `.timeline{list-style:none;margin:.75rem 0 0;padding:0}` +
  `.timeline li{padding:.5rem 0 .5rem .75rem;border-left:2px solid var(--borderColor)}` +
  `.timeline p{margin:0;white-space:pre-line}` +
  `.meta{margin:0}` +
  `footer{padding-top:1rem;padding-bottom:2rem;font-size:.875rem}`;

/** Only a data: image is shown: the page never loads anything from elsewhere. */
export function inlineImage(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return /^data:image\/(png|gif|jpeg|webp|avif|svg\+xml|x-icon|vnd\.microsoft\.icon)[;,]/i.test(value) ? value : undefined;
}

function incidentArticle(incident: Incident, showState: boolean): Markup {
  const anchor = `incident-${incident.id}`;
  const services = incident.services.map((service) => service.name).join(', ');
  const state = showState ? `${STATE_LABEL[stateOfIncident(incident)]} · ` : '';
  return html`<article class="card incident" id="${anchor}" data-incident="${incident.id}">
<h3><a href="#${anchor}">${incident.name}</a></h3>
<p class="meta muted">${state}${services ? `Affects ${services}` : 'No services named'}</p>
<ol class="timeline">${timelineNewestFirst(incident.incidentUpdates).map(
    (update) => html`<li><p><strong>${STATUS_LABEL[update.status]}</strong>: ${update.description}</p>
<p class="muted">${time(update.publicIncidentUpdateDate)}</p></li>`,
  )}</ol>
</article>
`;
}

export interface RenderOptions {
  /** The page's event stream, for the live updates. */
  eventsPath: string;
  theme?: PageTheme;
}

/** What a page shows at its top, either generation: the head, the site header with its sections' links, the title. */
interface PageTop {
  name: string;
  description?: string | null | undefined;
  logo?: string | null | undefined;
  favicon?: string | null | undefined;
  noindex: boolean;
  theme: PageTheme;
  /** The page's own CSS, after the theme's. */
  css: Markup;
  /** The id and label of the section linked before Incidents and Past 14 days. */
  section: [id: string, label: string];
}

export function pageTop(top: PageTop, options: RenderOptions): Markup {
  const logo = inlineImage(top.logo);
  const favicon = inlineImage(top.favicon) ?? 'data:,';
  const [id, label] = top.section;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${top.theme.colorScheme}">
${top.noindex ? html`<meta name="robots" content="noindex, nofollow">\n` : ''}<noscript><meta http-equiv="refresh" content="60"></noscript>
<title>${top.name} status</title>
${top.description ? html`<meta name="description" content="${top.description}">\n` : ''}<link rel="icon" href="${favicon}">
<style>${trusted(top.theme.css)}${top.css}</style>
</head>
<body data-events="${options.eventsPath}">
<header class="site"><div class="wrap">
<a class="brand" href="#top">${logo ? html`<img src="${logo}" alt="${top.name}">` : top.name}</a>
<nav aria-label="Sections"><a href="#${id}">${label}</a><a href="#incidents">Incidents</a><a href="#history">Past 14 days</a></nav>
<span class="live" id="live">Refreshes every minute</span>
</div></header>
<main id="top" class="wrap">
<h1>${top.name}</h1>
${top.description ? html`<p class="description">${top.description}</p>\n` : ''}`;
}

export function renderStatusPage(view: PageView, options: RenderOptions): string {
  const { page } = view;
  const theme = options.theme ?? pageTheme(page);
  const banner =
    view.overall === 'operational'
      ? 'All systems operational'
      : view.overall === 'maintenance'
        ? maintenanceBanner(view.maintenances)
        : `${STATE_LABEL[view.overall]}: ${view.open.length} open incident${view.open.length === 1 ? '' : 's'}`;
  const names = new Map(view.cards.flatMap((card) => card.services.map((service) => [service.id, service.name] as const)));
  return html`${pageTop({ ...page, noindex: page.isPrivate, theme, css: trusted(BASE_CSS), section: ['services', 'Services'] }, options)}<p class="banner ${view.overall}" role="status">${banner}</p>
<section id="services" aria-labelledby="services-title">
<h2 id="services-title">Services</h2>
${
  view.cards.length
    ? view.cards.map(
        (card) => html`<section class="card" aria-label="${card.name}">
<h3>${card.name}</h3>
<ul class="services">${card.services.map(
          (service) =>
            html`<li data-service="${service.id}" data-state="${service.state}"><span>${service.name}</span><span><span class="dot ${service.state}" aria-hidden="true"></span>${STATE_LABEL[service.state]}</span></li>`,
        )}</ul>
</section>
`,
      )
    : html`<p class="muted">This page lists no services.</p>\n`
}</section>
${maintenanceSection(view.maintenances, names)}<section id="incidents" aria-labelledby="incidents-title">
<h2 id="incidents-title">Open incidents</h2>
${view.open.length ? view.open.map((incident) => incidentArticle(incident, true)) : html`<p class="muted">No open incidents.</p>\n`}</section>
<section id="history" aria-labelledby="history-title">
<h2 id="history-title">Resolved in the last 14 days</h2>
${view.resolved.length ? view.resolved.map((incident) => incidentArticle(incident, false)) : html`<p class="muted">No incidents in the last 14 days.</p>\n`}</section>
</main>
<footer class="wrap"><p class="muted">A preview rendered by the statusctl reference server. Times are in your time zone (UTC without JavaScript).</p></footer>
<script>${trusted(CLIENT_SCRIPT)}</script>
</body>
</html>
`.text;
}

/** A short page in the server's default theme: private page, several pages, not found. */
export function renderNotice(title: string, body: Markup, options: { noindex?: boolean } = {}): string {
  const theme = pageTheme({ themeColors: null, defaultTheme: 'AUTO' });
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.noindex ? html`<meta name="robots" content="noindex, nofollow">\n` : ''}<title>${title}</title>
<link rel="icon" href="data:,">
<style>${trusted(theme.css)}${trusted(BASE_CSS)}</style>
</head>
<body>
<main class="wrap">
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`.text;
}
