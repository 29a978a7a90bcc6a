// `maintenance create`: announces a maintenance window, once or repeating, on status pages of
// either kind, with the services (v2) or components (V3) it puts under maintenance. The options
// and the body are input/maintenance-options.ts'; this module sends it and prints the window.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { checkWindowBody, type WindowOptions, windowBody, windowOptions } from '../../input/maintenance-options.js';
import { allMaintenances, entryOf } from '../../lookup/maintenance-windows.js';
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { renderRecord } from '../../views/resource.js';
import { MAINTENANCE_WINDOW } from '../../views/maintenance-window.js';
import { valueKinds } from '../../completion/value-kinds.js';
import { actionArguments } from '../../verbs/get.js';

export function declare(maintenance: Noun): void {
  const command = maintenance
    .command('create')
    .description(
      'Announce a maintenance window: its name, when it starts and ends (--ends or --duration), and whether it repeats ' +
        '(--repeat day|week|month, every --every N, until --until DATE).\n\n' +
        'WHEN is an ISO date-time, "YYYY-MM-DD HH:MM" in --timezone (default the local zone: TZ), or +2h / +1d from now; ' +
        'occurrences are computed in that zone, so a 02:00 weekly window stays at 02:00 across a change of offset.\n\n' +
        '--status-page names the pages (v2 or V3) that show it; --service names services of v2 pages and --component ' +
        'components of V3 pages, each by id or name (any case, or the unique start of one); without --status-page the ' +
        'pages are those that show them. --all-services puts every service of its pages under maintenance. Without any of ' +
        'these, it is on no page (its check settings still apply).\n\n' +
        'It starts (IN_PROGRESS) and ends (COMPLETED) by itself unless --no-auto-start / --no-auto-end; then ' +
        '`maintenance start` and `maintenance complete` post those updates.\n\n' +
        'Prints the window with its next occurrence; -o json the API answer, so `-o json | jq .id` gives its number. ' +
        'A value the API would refuse is exit 2 naming its option; nothing is sent.',
    ) as unknown as CommandUnknownOpts;
  examples(
    windowOptions(command, false).action((...given: unknown[]) => {
      const { options, command: self } = actionArguments<WindowOptions>(given);
      return run(Context.fromCommand(self), options);
    }),
    [
      'statusctl maintenance create --name "Postgres 17 upgrade" --starts "2030-03-16 02:00" --duration 2h --timezone Europe/Berlin --service "Postgres (primary)"',
      'statusctl maintenance create --name "Weekly patching" --starts +1d --duration 1h --repeat week --until 2030-12-31 --status-page acme-cloud --all-services --notify-start --remind 24h',
      'statusctl maintenance create --name "Webhook queue move" --starts +2h --ends +3h --status-page acme-platform --component Webhooks --severity minor --dry-run',
      'statusctl maintenance create --name "Load balancer swap" --starts +1h --duration 30m --pause-checks --silence-alerts --silence-tag edge -o json | jq .id',
    ],
  );
  valueKinds(maintenance, 'create', { '--service': 'service', '--status-page': 'status-page' });
}

export async function run(ctx: Context, options: WindowOptions): Promise<void> {
  const body = await windowBody(ctx, options);
  await checkWindowBody(body, true);
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../../api/dry-run.js');
    return printPlanned(ctx, await planRequest('createMaintenanceWindow', { body: body as never }));
  }
  const client = await ctx.client();
  // A lost answer is read back by the client (the row's readBack): the window sent, made since.
  const window = await client.createMaintenanceWindow({ body: body as never });
  if (ctx.json) return ctx.printJson(window);
  const entry = entryOf(window, await allMaintenances(client, String(window.id)));
  ctx.out(await renderRecord(ctx, MAINTENANCE_WINDOW, entry, 'Created maintenance window'));
}
