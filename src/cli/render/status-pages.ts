// How status pages look to people: a table of pages, their cards and services, and the
// incidents still open on them.
import type { StatusPage } from '../api-types.js';
import type { Context } from '../context.js';
import { isOpen, renderTable, serviceNames, severityText, statusText } from '../output.js';

export async function renderStatusPages(ctx: Context, pages: StatusPage[]): Promise<string> {
  return renderTable(
    ctx,
    ['STATUS PAGE', 'CARDS AND SERVICES', 'OPEN INCIDENTS'],
    pages.map((page) => {
      const cards = (page.cards ?? []).map((card) => `${ctx.style.bold(card.name)}: ${serviceNames(card.services)}`);
      const open = (page.incidents ?? [])
        .filter(isOpen)
        .map(
          (incident) =>
            `${severityText(ctx, incident.severity)} ${incident.name} ${ctx.style.dim(`(${statusText(ctx, incident.lastUpdateStatus)})`)}\n  ${ctx.style.dim(incident.id)}`,
        );
      return [
        [page.name, ctx.style.dim(page.url), ctx.style.dim(page.id), page.isPrivate ? 'private' : ''].filter(Boolean).join('\n'),
        cards.join('\n') || '-',
        open.join('\n') || ctx.style.green('none'),
      ];
    }),
  );
}
