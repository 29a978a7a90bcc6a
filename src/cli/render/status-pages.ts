// How status pages look to people: one row per page (id, name, services, open incidents, url)
// on a terminal and piped; with -o md, a section per page with its cards, services (with ids)
// and the incidents still open on it, to paste into a ticket.
import type { StatusPage } from '../api-types.js';
import type { Context } from '../context.js';
import { idCells, isOpen, renderFields, renderTable, serviceNames, tableFormat } from '../output/cells.js';

/** Each service as `name (id)`: what `incidents create --service` takes, either half of it. */
function servicesWithIds(page: StatusPage): string {
  const services = (page.cards ?? []).flatMap((card) => card.services ?? []);
  return services.map((service) => `${service.name || service.id} (${service.id})`).join(', ') || '-';
}

/**
 * The list as a table. Service ids are shown when piped (scripts need them) and with --wide; on
 * a terminal the names alone keep a row within the width.
 */
export async function renderStatusPages(ctx: Context, pages: StatusPage[], { wide = false } = {}): Promise<string> {
  const format = tableFormat(ctx);
  if (format === 'md') return (await Promise.all(pages.map((page) => statusPageMarkdown(ctx, page)))).join('\n\n');
  const withIds = wide || format === 'tsv';
  return renderTable(
    ctx,
    // The URL (the page's slug) goes first on a narrow terminal: the services are what
    // incidents are declared on.
    [{ header: 'id', id: true }, 'name', 'services', 'open', { header: 'url', optional: 1 }],
    pages.map((page) => {
      const open = (page.incidents ?? []).filter(isOpen).length;
      return [
        page.id,
        page.name,
        withIds ? servicesWithIds(page) : serviceNames((page.cards ?? []).flatMap((card) => card.services ?? [])),
        { text: String(open), paint: open > 0 ? ctx.style.red.bold : ctx.style.green },
        page.url,
      ];
    }),
  );
}

/**
 * One page in full (`status-pages get`): its fields, each card with its services (name and id),
 * the open incidents and the page's access keys, masked as the API gives them.
 */
export async function renderStatusPage(ctx: Context, page: StatusPage): Promise<string> {
  if (tableFormat(ctx) === 'md') return statusPageMarkdown(ctx, page);
  const { bold } = ctx.style;
  const open = (page.incidents ?? []).filter(isOpen);
  const fields = await renderFields(ctx, [
    ['id', page.id],
    ['name', page.name],
    ['url', page.url],
    ...(page.customDomain ? [['domain', page.customDomain] as [string, string]] : []),
    ['private', page.isPrivate ? 'yes' : 'no'],
    ['created', page.created_at],
  ]);
  const cards = await renderTable(
    ctx,
    ['card', 'service', { header: 'service id', id: true }],
    (page.cards ?? []).flatMap((card) =>
      (card.services ?? []).length
        ? (card.services ?? []).map((service) => [card.name, service.name, service.id])
        : [[card.name, '-', '-']],
    ),
  );
  const incidentId = idCells(open.map((incident) => incident.id));
  const incidents = open.length
    ? await renderTable(
        ctx,
        [{ header: 'id', id: true }, 'severity', 'status', 'name'],
        open.map((incident) => [incidentId(incident.id), incident.severity, incident.lastUpdateStatus, incident.name]),
      )
    : 'None.';
  const keys = (page.keys ?? []).length
    ? await renderTable(
        ctx,
        [{ header: 'key id', id: true }, 'key', 'created'],
        (page.keys ?? []).map((key) => [key.id, key.maskedKey, key.created_at]),
      )
    : 'None.';
  return [
    fields,
    '',
    bold('Cards and services'),
    cards,
    '',
    bold(`Open incidents (${open.length})`),
    incidents,
    '',
    bold('Keys (masked)'),
    keys,
  ].join('\n');
}

async function statusPageMarkdown(ctx: Context, page: StatusPage): Promise<string> {
  const cards = (page.cards ?? []).map(
    (card) =>
      [card.name, (card.services ?? []).map((service) => `${service.name} (\`${service.id}\`)`).join(', ') || '-'] as [string, string],
  );
  const fields = await renderFields(ctx, [
    ['id', { text: page.id, code: true }],
    ['url', page.url],
    ...(page.isPrivate ? [['private', 'yes'] as [string, string]] : []),
  ]);
  const lines = [`### ${page.name}`, fields];
  // Cards carry markup of their own (code spans for ids), so they are written here, not escaped.
  for (const [name, services] of cards) lines.push(`- **${name.replace(/\|/g, '\\|')}:** ${services}`);
  const open = (page.incidents ?? []).filter(isOpen);
  lines.push('', `#### Open incidents (${open.length})`, '');
  if (open.length === 0) lines.push('None.');
  for (const incident of open) {
    // One line per item: a newline in a name would end the list item.
    lines.push(`- **${incident.severity}** ${incident.name.replace(/\s+/g, ' ')} (${incident.lastUpdateStatus}) \`${incident.id}\``);
  }
  const keys = page.keys ?? [];
  if (keys.length) {
    lines.push('', `#### Keys (${keys.length}, masked)`, '');
    for (const key of keys) lines.push(`- \`${key.maskedKey}\` (id \`${key.id}\`, created ${key.created_at})`);
  }
  return lines.join('\n');
}
