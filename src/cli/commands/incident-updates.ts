// `incident-updates add|get|put`: the timeline entries of an incident.
import { choiceOption, examples } from '../command-kit.js';
import { Context } from '../context.js';
import { usageError } from '../exit-codes.js';
import type { Program } from '../globals.js';
import { INCIDENT_STATUSES, isoDateTime, messageFileOption, nonEmpty, type IncidentStatus } from '../incident-options.js';
import { renderUpdate } from '../incidents/render.js';
import { IncidentIds, MIN_PREFIX, resolveUpdateId } from '../short-ids.js';

const INCIDENT_ARG = `incident id, or its first ${MIN_PREFIX} or more characters`;
const UPDATE_ARG = `update id, or its first ${MIN_PREFIX} or more characters (see \`statusctl incidents get\`)`;

interface UpdateOptions {
  message?: string;
  messageFile?: string;
  status?: IncidentStatus;
  notify?: boolean;
  date?: string;
  dryRun?: boolean;
}

export function register(program: Program): void {
  const updates = program.command('incident-updates').description('Add, show and change the updates (timeline entries) of an incident');
  examples(updates, [
    'statusctl incident-updates add 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message "Fix deployed" --status monitoring',
    'statusctl incident-updates get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9',
    'statusctl incident-updates put 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 --message "Corrected text"',
    'statusctl incident-updates put 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 --status identified',
  ]);

  examples(
    updates
      .command('add')
      .argument('<incident>', INCIDENT_ARG)
      .description(
        "Add an update to an incident (its status defaults to the incident's current status).\n\nThe text comes from --message or --message-file (one of them is required).",
      )
      .option('--message <text>', 'text of the update', nonEmpty)
      .addOption(messageFileOption('the text of the update'))
      .addOption(choiceOption('--status <status>', 'status of the update (any case)', INCIDENT_STATUSES))
      .option('--notify', 'notify the status page subscribers')
      .option('--date <iso>', 'public date of the update, ISO 8601 with a zone (default now)', isoDateTime)
      .option('--dry-run', 'print the request (method, path, JSON body) instead of sending it')
      .action((incident, options, command) => runAdd(Context.fromCommand(command), incident, options)),
    [
      'statusctl incident-updates add 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message "Fix deployed, monitoring" --status monitoring',
      'statusctl incident-updates add 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message "Root cause found" --status identified --notify --date 2025-05-01T10:30:00Z',
      'git log -1 --format=%B | statusctl incident-updates add 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd --message-file - --status monitoring --dry-run',
    ],
  );

  examples(
    updates
      .command('get')
      .argument('<incident>', INCIDENT_ARG)
      .argument('<update>', UPDATE_ARG)
      .description('One update of an incident')
      .action((incident, update, _options, command) => runGet(Context.fromCommand(command), incident, update)),
    [
      'statusctl incident-updates get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9',
      'statusctl incident-updates get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 -o json',
    ],
  );

  examples(
    updates
      .command('put')
      .argument('<incident>', INCIDENT_ARG)
      .argument('<update>', UPDATE_ARG)
      .description(
        'Change an update. What is not given is kept: the stored update is read and sent whole, with the given ' +
          'text, status, notify flag and date in place of its own (a PUT replaces the update, so the API needs all of it). ' +
          'At least one of --message, --message-file, --status, --notify/--no-notify, --date.',
      )
      .option('--message <text>', 'new text of the update', nonEmpty)
      .addOption(messageFileOption('the new text'))
      .addOption(choiceOption('--status <status>', 'new status of the update (any case)', INCIDENT_STATUSES))
      .option('--notify', 'mark the update as notifying subscribers')
      .option('--no-notify', 'mark it as not notifying them')
      .option('--date <iso>', 'public date of the update, ISO 8601 with a zone', isoDateTime)
      .option('--dry-run', 'read the update and print the request (method, path, JSON body) instead of sending it')
      .action((incident, update, options, command) => runPut(Context.fromCommand(command), incident, update, options)),
    [
      'statusctl incident-updates put 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 --message "Typo fixed: payments, not payouts"',
      'statusctl incident-updates put 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 --status identified',
      'statusctl incident-updates put 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 --message "Resolved" --status resolved --no-notify',
      'statusctl incident-updates put 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 --message-file corrected.txt --dry-run',
    ],
  );
}

async function runAdd(ctx: Context, givenIncident: string, options: UpdateOptions): Promise<void> {
  const { messageText } = await import('../input.js');
  const description = await messageText(ctx, options);
  if (description === undefined) throw usageError('missing the text of the update: --message TEXT or --message-file FILE|-');
  const incidentId = await new IncidentIds(() => ctx.client()).resolveId(givenIncident);
  const input = {
    params: { incidentId },
    body: {
      description,
      ...(options.status ? { status: options.status } : {}),
      ...(options.notify !== undefined ? { notifySubscribers: options.notify } : {}),
      ...(options.date ? { publicIncidentUpdateDate: options.date } : {}),
    },
  };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../dry-run.js');
    return printPlanned(ctx, await planRequest('createIncidentUpdate', input));
  }
  const client = await ctx.client();
  const update = await client.createIncidentUpdate(input);
  if (ctx.json) await ctx.printJson(update);
  else ctx.out(await renderUpdate(ctx, incidentId, update, 'Added update'));
}

async function runGet(ctx: Context, givenIncident: string, givenUpdate: string): Promise<void> {
  const client = await ctx.client();
  const { id: incidentId, incident } = await new IncidentIds(() => ctx.client()).resolve(givenIncident);
  const incidentUpdateId = await resolveUpdateId(client, incidentId, givenUpdate, incident);
  const update = await client.getIncidentUpdate({ params: { incidentId, incidentUpdateId } });
  if (ctx.json) await ctx.printJson(update);
  else ctx.out(await renderUpdate(ctx, incidentId, update));
}

async function runPut(ctx: Context, givenIncident: string, givenUpdate: string, options: UpdateOptions): Promise<void> {
  const { messageText } = await import('../input.js');
  const description = await messageText(ctx, options);
  if (description === undefined && !options.status && options.notify === undefined && !options.date) {
    throw usageError('nothing to change: give --message, --message-file, --status, --notify, --no-notify or --date');
  }
  const client = await ctx.client();
  const { id: incidentId, incident } = await new IncidentIds(() => ctx.client()).resolve(givenIncident);
  const incidentUpdateId = await resolveUpdateId(client, incidentId, givenUpdate, incident);
  // The stored update fills in what was not given: a PUT replaces the whole update.
  const stored = await client.getIncidentUpdate({ params: { incidentId, incidentUpdateId } });
  const input = {
    params: { incidentId, incidentUpdateId },
    body: {
      description: description ?? stored.description,
      status: options.status ?? stored.status,
      notifySubscribers: options.notify ?? stored.notifySubscribers,
      publicIncidentUpdateDate: options.date ?? stored.publicIncidentUpdateDate,
    },
  };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../dry-run.js');
    return printPlanned(ctx, await planRequest('updateIncidentUpdate', input));
  }
  const update = await client.updateIncidentUpdate(input);
  if (ctx.json) await ctx.printJson(update);
  else ctx.out(await renderUpdate(ctx, incidentId, update, 'Changed update'));
}
