// `status-pages get`: one status page in full, its fields, cards with their services (name and id),
// open incidents and access keys (masked); with -o md, a section to paste into a ticket, which
// `list -o md` prints for each page. `--web` is `open`.
import { isV3, type StatusPage } from '../../api/types.js';
import { componentStatuses, pageComponents } from '../../lookup/page-kinds.js';
import { componentTree } from '../../views/component.js';
import { renderV3StatusPage } from '../../views/v3-status-page.js';
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { idCells, isOpen, renderFields, renderTable, tableFormat } from '../../output/cells.js';
import { findStatusPage, run as runOpen } from './open.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { terminalLine } from '../../output/terminal-text.js';

export interface GetOptions {
  web?: boolean;
}

export function declare(pages: Noun): void {
  examples(
    pages
      .command('get')
      .description(
        'One status page in full. A v2 page: its fields, cards with their services (name and id), open incidents and access keys (masked). ' +
          'A V3 page: its fields and its component tree, each component with its current status.\n\n' +
          'PAGE is its id (or its first 6 or more characters, as a terminal table shows it), its url (slug), its custom domain ' +
          'or a full address, or its name (any case), of a page of either kind (a whole id is tried as a v2 page first, then as a V3 one). ' +
          'A page that matches nothing is exit 4, with the closest names.',
      )
      .argument('<page>', 'id (or its first 6 or more characters), url, custom domain or name of the status page')
      .option('--web', "print the page's address as visitors see it (and open it on a desktop terminal) instead of its fields")
      .action((page, options, command) => run(Context.fromCommand(command), page, options)),
    [
      "statusctl status-pages get 'Acme Payments'",
      'statusctl status-pages get d3389fa9     # the start of its id, as a terminal table shows it',
      'statusctl status-pages get acme-payments -o md',
      "statusctl status-pages get acme-payments -o json | jq -r '.cards[].services[].id'",
      'statusctl status-pages get acme-payments --web',
    ],
  );
  valueKinds(pages, 'get', { page: 'status-page' });
}

export async function run(ctx: Context, given: string, options: GetOptions = {}): Promise<void> {
  if (options.web) return runOpen(ctx, given);
  const page = await findStatusPage(ctx, given);
  if (ctx.json) await ctx.printJson(page);
  else if (!isV3(page)) await ctx.outPaged(await renderStatusPage(ctx, page));
  else {
    const client = await ctx.client();
    const listed = await pageComponents(client, page);
    const tree = componentTree(page, listed.components, await componentStatuses(client, listed));
    await ctx.outPaged(await renderV3StatusPage(ctx, page, tree));
  }
}

/**
 * One page in full (`status-pages get`): its fields, each card with its services (name and id),
 * the open incidents and the page's access keys, masked as the API gives them.
 */
export async function renderStatusPage(ctx: Context, page: StatusPage): Promise<string> {
  if (tableFormat(ctx) === 'md') return renderStatusPageMarkdown(ctx, page);
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

/** One page as a Markdown section (-o md), for `get` and for each page of `list`. */
export async function renderStatusPageMarkdown(ctx: Context, page: StatusPage): Promise<string> {
  // Each name on one line, with nothing in it that steers a terminal (output/terminal-text.ts).
  const line = terminalLine;
  const cards = (page.cards ?? []).map(
    (card) =>
      [line(card.name), (card.services ?? []).map((service) => `${line(service.name)} (\`${line(service.id)}\`)`).join(', ') || '-'] as [
        string,
        string,
      ],
  );
  const fields = await renderFields(ctx, [
    ['id', { text: page.id, code: true }],
    ['url', page.url],
    ...(page.isPrivate ? [['private', 'yes'] as [string, string]] : []),
  ]);
  const lines = [`### ${line(page.name)}`, fields];
  // Cards carry markup of their own (code spans for ids), so they are written here, not escaped.
  for (const [name, services] of cards) lines.push(`- **${name.replace(/\|/g, '\\|')}:** ${services}`);
  const open = (page.incidents ?? []).filter(isOpen);
  lines.push('', `#### Open incidents (${open.length})`, '');
  if (open.length === 0) lines.push('None.');
  for (const incident of open) {
    // One line per item: a newline in a name would end the list item (line() makes it a space).
    lines.push(
      `- **${line(incident.severity)}** ${line(incident.name).replace(/\s+/g, ' ')} (${line(incident.lastUpdateStatus)}) \`${line(incident.id)}\``,
    );
  }
  const keys = page.keys ?? [];
  if (keys.length) {
    lines.push('', `#### Keys (${keys.length}, masked)`, '');
    for (const key of keys) lines.push(`- \`${line(key.maskedKey)}\` (id \`${line(key.id)}\`, created ${line(key.created_at)})`);
  }
  return lines.join('\n');
}
