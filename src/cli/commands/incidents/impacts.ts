// `incidents impacts`: the impact timeline of an incident of a V3 page (each component's windows:
// an impact from a moment to a moment, or still open), and with --set its replacement, the API's
// PUT of the whole timeline, to correct it after the fact. An incident of a v2 page has services
// and a severity, no windows: a usage error saying so.
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { usageError } from '../../errors/exit-codes.js';
import { collectWindows, IMPACT_WORDS, type WindowSpec } from '../../input/impacts.js';
import { momentOf } from '../../input/time.js';
import { type FoundIncident, findIncident, resolveComponents } from '../../lookup/v3-incidents.js';
import { MIN_PREFIX } from '../../lookup/short-ids.js';
import { renderTable } from '../../output/cells.js';
import { IMPACT_WINDOW, impactColumns, shownWindows, type V3ImpactWindow } from '../../views/impact-window.js';
import { valueKinds } from '../../completion/value-kinds.js';

export interface ImpactsOptions {
  set?: WindowSpec[];
  dryRun?: boolean;
}

export function declare(incidents: Noun): void {
  examples(
    incidents
      .command('impacts')
      .argument('<id>', `id of an incident of a V3 status page, or its first ${MIN_PREFIX} or more characters`)
      .description(
        "A V3 incident's impact timeline: each window of a component at one impact, from when to when (open: still going on), " +
          "in the order they began. -o json: the incident's componentImpacts as the API answers them.\n\n" +
          "--set COMPONENT=IMPACT@FROM..TO replaces the whole timeline with the windows given (the API's PUT; what is not " +
          'given is gone), to correct it after the fact. COMPONENT is an id or a name of the page (any case, or the start of ' +
          "one); IMPACT degraded, partial, major or maintenance (or the API's names); FROM and TO as --since takes them: a " +
          'time ago (2h, 30m, 1d), a date (midnight UTC) or an ISO date-time. FROM.. (no TO) leaves the window open, only ' +
          'while the incident is. Windows of one component may not overlap. --dry-run prints the PUT and sends nothing. ' +
          'An incident of a v2 page (services, a severity) has no impact windows: exit 2.',
      )
      .option(
        '--set <component=impact@from..to...>',
        'a window of the new timeline (repeat for each; all of them replace the stored ones)',
        collectWindows,
      )
      .option('--dry-run', 'read the incident and print the request (method, path, JSON body) instead of sending it')
      .action((id, options, command) => run(Context.fromCommand(command), id, options)),
    [
      'statusctl incidents impacts 388fd544-07ea-5670-bdf5-ea5c52188fcb',
      'statusctl incidents impacts 388fd544 -o md            # a Markdown table, to paste into a ticket',
      'statusctl incidents impacts 388fd544 --set "Webhooks=major@90m..30m" --set "Webhooks=partial@30m.." --set "Email delivery=degraded@90m.." --dry-run',
      "statusctl incidents impacts 388fd544-07ea-5670-bdf5-ea5c52188fcb -o json | jq -r '.[] | select(.endedAt == null) | .componentId'",
    ],
  );
  valueKinds(incidents, 'impacts', { id: 'incident' });
}

type V3Found = Extract<FoundIncident, { kind: 'v3' }>;

export async function run(ctx: Context, given: string, options: ImpactsOptions): Promise<void> {
  const found = await findIncident(ctx, given);
  if (found.kind === 'v2') {
    throw usageError(
      `incident ${found.id} (${found.incident.name}) is on a v2 status page: it has services and a severity, not impact windows`,
      `statusctl incidents get ${found.id} shows it; incidents edit --severity or --service changes it`,
    );
  }
  if (!options.set) return show(ctx, found, found.incident.componentImpacts);
  const input = {
    params: { statusPageId: found.page.id, incidentId: found.id },
    body: { componentImpacts: await timeline(ctx, found, options.set) },
  };
  if (options.dryRun) {
    const { planRequest, printPlanned } = await import('../../api/dry-run.js');
    return printPlanned(ctx, await planRequest('replaceV3IncidentComponentImpacts', input));
  }
  const client = await ctx.client();
  const incident = await client.replaceV3IncidentComponentImpacts(input);
  return show(ctx, found, incident.componentImpacts);
}

async function show(ctx: Context, found: V3Found, windows: V3ImpactWindow[]): Promise<void> {
  if (ctx.json) return ctx.printJson(windows);
  if (windows.length === 0) return ctx.info(`No impacts: incident ${found.id} impacts no component.`);
  const items = shownWindows(windows, found.components, ctx.now());
  await ctx.outPaged(await renderTable(ctx, impactColumns(ctx, items), IMPACT_WINDOW.rows(ctx, items)));
}

/** The windows --set gives, as the PUT takes them; every bad one is reported at once (exit 2), before any write. */
async function timeline(ctx: Context, found: V3Found, specs: WindowSpec[]) {
  const open = found.incident.lastUpdateStatus !== 'RESOLVED';
  // One now for every window, so `major@90m..30m` and `partial@30m..` meet at the same moment.
  const now = ctx.now();
  const problems: string[] = [];
  const windows: { componentId: string; name: string; status: WindowSpec['impact']; from: number; to: number | null; given: string }[] = [];
  const named = (given: readonly WindowSpec[]) => resolveComponents(found.page, found.components, given, 'PARTIAL_OUTAGE', '--set');
  // Every component name checked at once (all the bad ones in one error), then each window's found.
  named(specs);
  for (const spec of specs) {
    const given = `${spec.component}=${IMPACT_WORDS[spec.impact]}@${spec.from}..${spec.to ?? ''}`;
    const component = named([spec])[0]!;
    const from = await momentOf(spec.from, now);
    const to = spec.to === undefined ? null : await momentOf(spec.to, now);
    if (from === undefined || to === undefined) {
      problems.push(
        `--set "${given}": ${from === undefined ? spec.from : spec.to} is not a time: expected a time ago (2h, 30m), a date or an ISO date-time`,
      );
    } else if (to !== null && to <= from) {
      problems.push(`--set "${given}": the window ends before it begins (TO must be after FROM)`);
    } else if (to === null && !open) {
      problems.push(`--set "${given}": an open window (FROM..) needs an open incident, and this one is resolved; give its end`);
    } else windows.push({ componentId: component.componentId, name: component.name, status: spec.impact, from, to, given });
  }
  for (const [i, a] of windows.entries()) {
    const overlap = windows
      .slice(i + 1)
      .find((b) => b.componentId === a.componentId && b.from < (a.to ?? Infinity) && a.from < (b.to ?? Infinity));
    if (overlap)
      problems.push(`--set "${a.given}" and "${overlap.given}": two windows of ${a.name} at once; a component is at one impact at a time`);
  }
  if (problems.length > 0) {
    throw usageError([...problems, 'nothing was sent'].join('\n'), `statusctl incidents impacts ${found.id} shows the timeline as it is`);
  }
  return windows.map((window) => ({
    componentId: window.componentId,
    status: window.status,
    startedAt: new Date(window.from).toISOString(),
    endedAt: window.to === null ? null : new Date(window.to).toISOString(),
  }));
}
