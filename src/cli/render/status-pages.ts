// How status pages look to people: one row per page (id, name, services, open incidents, url)
// on a terminal and piped; with -o md, a section per page with its cards, services (with ids)
// and the incidents still open on it, to paste into a ticket.
import type { StatusPage } from '../api-types.js';
import type { Context } from '../context.js';
import { isOpen, renderFields, renderTable, serviceNames, tableFormat } from '../output.js';

export async function renderStatusPages(ctx: Context, pages: StatusPage[]): Promise<string> {
  if (tableFormat(ctx) === 'md') return (await Promise.all(pages.map((page) => statusPageMarkdown(ctx, page)))).join('\n\n');
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
        serviceNames((page.cards ?? []).flatMap((card) => card.services ?? [])),
        { text: String(open), paint: open > 0 ? ctx.style.red.bold : ctx.style.green },
        page.url,
      ];
    }),
  );
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
  return lines.join('\n');
}
