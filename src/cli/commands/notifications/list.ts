// `notifications list`: what the reference server recorded instead of mailing subscribers, one
// notice per verified subscriber of each page showing the incident, for every update sent with
// --notify. Newest first. The hosted API has no such route: it sends the mail.
import type { Client } from '../../../client/index.js';
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { idCells, renderTable, statusCell, timeCell } from '../../output/cells.js';
import { IncidentIds, MIN_PREFIX } from '../../api/short-ids.js';

/** A notice as the server lists it. */
type Notification = Awaited<ReturnType<Client['listNotifications']>>[number];

export interface ListOptions {
  incident?: string;
}

export function declare(notifications: Noun): void {
  examples(
    notifications
      .command('list')
      .description(
        'The notices the subscribers of status pages would have received, newest first: when, to whom, for which ' +
          'incident, with the status and text of the update.\n\n' +
          'Reference server only: it records one notice per verified subscriber of each page that shows the ' +
          'incident, for each update sent with --notify, and sends nothing, so a notice can be checked before a ' +
          'real service mails it. With -o json, the server response.',
      )
      .option('--incident <id>', `only the notices of this incident (its id, or its first ${MIN_PREFIX} or more characters)`)
      .action((options, command) => run(Context.fromCommand(command), options)),
    [
      'statusctl notifications list',
      'statusctl notifications list --incident 7385595c',
      "statusctl notifications list -o json --jq '.[].address'",
    ],
  );
}

export async function run(ctx: Context, options: ListOptions): Promise<void> {
  const client = await ctx.client();
  const incidentId = options.incident ? await new IncidentIds(() => ctx.client()).resolveId(options.incident) : undefined;
  const notices = await client.listNotifications(incidentId ? { query: { incidentId } } : {});
  if (ctx.json) return ctx.printJson(notices);
  if (notices.length === 0) return ctx.info(incidentId ? `No notifications for incident ${incidentId}.` : 'No notifications.');
  await ctx.outPaged(await renderNotifications(ctx, notices));
}

/** Notices as a table, a row each, in the order the server lists them (newest first). */
export async function renderNotifications(ctx: Context, notices: Notification[]): Promise<string> {
  const incident = idCells(notices.map((notice) => notice.incidentId));
  return renderTable(
    ctx,
    ['time', 'to', { header: 'incident', id: true }, 'status', 'description', { header: 'page', optional: 1 }],
    notices.map((notice) => [
      timeCell(notice.created_at, ctx.now()),
      notice.address,
      incident(notice.incidentId),
      statusCell(ctx, notice.status),
      notice.description,
      notice.statusPageId,
    ]),
  );
}
