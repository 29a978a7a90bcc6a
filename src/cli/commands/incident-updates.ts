// `incident-updates add|get|put`: the timeline entries of an incident.
import { choiceOption, examples } from '../command-kit.js';
import { Context } from '../context.js';
import type { Program } from '../globals.js';
import { INCIDENT_STATUSES, isoDateTime, nonEmpty, type IncidentStatus } from '../incidents/options.js';
import { renderUpdate } from '../incidents/render.js';

interface UpdateOptions {
  message: string;
  status?: IncidentStatus;
  notify?: boolean;
  date?: string;
}

export function register(program: Program): void {
  const updates = program.command('incident-updates').description('Add, show and change the updates (timeline entries) of an incident');
  examples(updates, [
    'statusctl incident-updates add <incident-id> --message "Fix deployed" --status monitoring',
    'statusctl incident-updates get <incident-id> <update-id>',
    'statusctl incident-updates put <incident-id> <update-id> --message "Corrected text"',
  ]);

  examples(
    updates
      .command('add')
      .argument('<incident>', 'incident id')
      .description("Add an update to an incident (its status defaults to the incident's current status)")
      .requiredOption('--message <text>', 'text of the update', nonEmpty)
      .addOption(choiceOption('--status <status>', 'status of the update (any case)', INCIDENT_STATUSES))
      .option('--notify', 'notify the status page subscribers')
      .option('--date <iso>', 'public date of the update, ISO 8601 with a zone (default now)', isoDateTime)
      .action((incident, options, command) => runAdd(Context.fromCommand(command), incident, options)),
    [
      'statusctl incident-updates add <incident-id> --message "Fix deployed, monitoring" --status monitoring',
      'statusctl incident-updates add <incident-id> --message "Root cause found" --status identified --notify --date 2025-05-01T10:30:00Z',
    ],
  );

  examples(
    updates
      .command('get')
      .argument('<incident>', 'incident id')
      .argument('<update>', 'update id (see `statusctl incidents get`)')
      .description('One update of an incident')
      .action((incident, update, _options, command) => runGet(Context.fromCommand(command), incident, update)),
    ['statusctl incident-updates get <incident-id> <update-id>', 'statusctl incident-updates get <incident-id> <update-id> -o json'],
  );

  examples(
    updates
      .command('put')
      .argument('<incident>', 'incident id')
      .argument('<update>', 'update id')
      .description('Change an update: its text, and the status, notify flag and date when given')
      .requiredOption('--message <text>', 'new text of the update', nonEmpty)
      .addOption(choiceOption('--status <status>', 'new status of the update (any case)', INCIDENT_STATUSES))
      .option('--notify', 'mark the update as notifying subscribers')
      .option('--no-notify', 'mark it as not notifying them')
      .option('--date <iso>', 'public date of the update, ISO 8601 with a zone', isoDateTime)
      .action((incident, update, options, command) => runPut(Context.fromCommand(command), incident, update, options)),
    [
      'statusctl incident-updates put <incident-id> <update-id> --message "Typo fixed: payments, not payouts"',
      'statusctl incident-updates put <incident-id> <update-id> --message "Resolved" --status resolved --no-notify',
    ],
  );
}

function updateBody(options: UpdateOptions) {
  return {
    description: options.message,
    ...(options.status ? { status: options.status } : {}),
    ...(options.notify !== undefined ? { notifySubscribers: options.notify } : {}),
    ...(options.date ? { publicIncidentUpdateDate: options.date } : {}),
  };
}

async function runAdd(ctx: Context, incidentId: string, options: UpdateOptions): Promise<void> {
  const client = await ctx.client();
  const update = await client.createIncidentUpdate({ params: { incidentId }, body: updateBody(options) });
  if (ctx.json) ctx.printJson(update);
  else ctx.out(await renderUpdate(ctx, incidentId, update, 'Added update'));
}

async function runGet(ctx: Context, incidentId: string, incidentUpdateId: string): Promise<void> {
  const client = await ctx.client();
  const update = await client.getIncidentUpdate({ params: { incidentId, incidentUpdateId } });
  if (ctx.json) ctx.printJson(update);
  else ctx.out(await renderUpdate(ctx, incidentId, update));
}

async function runPut(ctx: Context, incidentId: string, incidentUpdateId: string, options: UpdateOptions): Promise<void> {
  const client = await ctx.client();
  const update = await client.updateIncidentUpdate({ params: { incidentId, incidentUpdateId }, body: updateBody(options) });
  if (ctx.json) ctx.printJson(update);
  else ctx.out(await renderUpdate(ctx, incidentId, update, 'Changed update'));
}
