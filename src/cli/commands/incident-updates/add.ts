// `incident-updates add`: a new entry on an incident's timeline.
import { choiceOption, examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { usageError } from '../../errors/exit-codes.js';
import type { IncidentUpdate } from '../../api/types.js';
import type { Noun } from '../../runtime/globals.js';
import { INCIDENT_STATUSES, type IncidentStatus, isoDateTime, messageFileOption, nonEmpty } from '../../input/incident-options.js';
import { INCIDENT_ARG, renderUpdate } from '../../views/incident-update.js';
import { messageText } from '../../input/read.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { editorOption } from '../../input/editor.js';

export interface AddOptions {
  message?: string;
  messageFile?: string;
  editor?: boolean;
  status?: IncidentStatus;
  notify?: boolean;
  date?: string;
  dryRun?: boolean;
}

export function declare(updates: Noun): void {
  examples(
    updates
      .command('add')
      .argument('<incident>', INCIDENT_ARG)
      .description(
        "Add an update to an incident (its status defaults to the incident's current status).\n\nThe text comes from --message, --message-file or -e/--editor ($VISUAL or $EDITOR; lines starting with # are dropped, an empty text cancels with exit 2). On a terminal, without any of them, the editor opens; elsewhere one of them is required.",
      )
      .option('--message <text>', 'text of the update', nonEmpty)
      .addOption(messageFileOption('the text of the update'))
      .addOption(editorOption('the text of the update'))
      .addOption(choiceOption('--status <status>', 'status of the update (any case)', INCIDENT_STATUSES))
      .option('--notify', 'notify the status page subscribers')
      .option('--date <iso>', 'public date of the update, ISO 8601 with a zone, not later than now (default now)', isoDateTime)
      .option('--dry-run', 'read the incident and print the request (method, path, JSON body) instead of sending it')
      .action((incident, options, command) => run(Context.fromCommand(command), incident, options)),
    [
      'statusctl incident-updates add 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message "Fix deployed, monitoring" --status monitoring',
      'statusctl incident-updates add 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message "Root cause found" --status identified --notify --date 2025-05-01T10:30:00Z',
      'git log -1 --format=%B | statusctl incident-updates add 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message-file - --status monitoring --dry-run',
      'statusctl incident-updates add 388fd544-07ea-5670-bdf5-ea5c52188fcb --message "Queue drained" --status monitoring --dry-run   # on a V3 page',
    ],
  );
  valueKinds(updates, 'add', { incident: 'incident' });
}

export async function run(ctx: Context, givenIncident: string, options: AddOptions): Promise<void> {
  let description = await messageText(ctx, options);
  // The text has no default: on a terminal the editor asks for it, as -e does.
  if (options.editor || (description === undefined && ctx.interactive)) {
    const { editText } = await import('../../input/editor.js');
    description = await editText(ctx, { about: [`A new update of incident ${givenIncident}, shown on the status page.`] });
  }
  if (description === undefined) throw usageError('missing the text of the update: --message TEXT or --message-file FILE|-');
  if (options.date) refuseFutureDate(ctx, options.date);
  const { findIncident } = await import('../../lookup/v3-incidents.js');
  // Either kind: an update of a V3 incident is posted on its page.
  const found = await findIncident(ctx, givenIncident);
  const incidentId = found.id;
  const body = {
    description,
    ...(options.status ? { status: options.status } : {}),
    ...(options.notify !== undefined ? { notifySubscribers: options.notify } : {}),
    ...(options.date ? { publicIncidentUpdateDate: options.date } : {}),
  };
  const { planRequest, printPlanned } = await import('../../api/dry-run.js');
  const client = await ctx.client();
  let update: IncidentUpdate;
  if (found.kind === 'v2') {
    const input = { params: { incidentId }, body };
    if (options.dryRun) return printPlanned(ctx, await planRequest('createIncidentUpdate', input));
    update = await client.createIncidentUpdate(input);
  } else {
    // A V3 update names its status: without --status, the incident keeps the one it has.
    const input = {
      params: { statusPageId: found.page.id, incidentId },
      body: { ...body, status: options.status ?? found.incident.lastUpdateStatus },
    };
    if (options.dryRun) return printPlanned(ctx, await planRequest('createV3IncidentUpdate', input));
    update = await client.createV3IncidentUpdate(input);
  }
  if (ctx.json) await ctx.printJson(update);
  else ctx.out(await renderUpdate(ctx, incidentId, update, 'Added update'));
}

/** How far ahead of this machine's clock a --date may be: clocks differ a little, never by this much. */
const CLOCK_SLACK_MS = 5 * 60_000;

/**
 * A --date later than now is refused (docs/cli.md#writes): the incident's status is that of its
 * latest-dated update, so an update dated in the future would decide it until that date passes,
 * and every update added meanwhile, a RESOLVED one too, would seem to change nothing.
 */
export function refuseFutureDate(ctx: Context, date: string): void {
  if (Date.parse(date) <= ctx.now() + CLOCK_SLACK_MS) return;
  throw usageError(
    `option '--date' (${date}) is in the future: an update dated later than now would decide the incident's status until then, hiding every update added meanwhile`,
    'leave --date out to date the update now, or give a time that has passed',
  );
}
