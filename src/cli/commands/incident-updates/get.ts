// `incident-updates get`: one update of an incident. Its renderer shows an update wherever
// another command prints one (`add`, `put`, `incidents resolve`).
import type { IncidentUpdate } from '../../api/types.js';
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { type Cell, exactTimeCell, renderFields, statusCell, tableFormat } from '../../output/cells.js';
import { heading } from '../../output/sections.js';
import { IncidentIds, MIN_PREFIX, resolveUpdateId } from '../../api/short-ids.js';
import { valueKinds } from '../../completion/value-kinds.js';

/** The help of the arguments naming an incident and one of its updates (add and put take them too). */
export const INCIDENT_ARG = `incident id, or its first ${MIN_PREFIX} or more characters`;
export const UPDATE_ARG = `update id, or its first ${MIN_PREFIX} or more characters (see \`statusctl incidents get\`)`;

export function declare(updates: Noun): void {
  examples(
    updates
      .command('get')
      .argument('<incident>', INCIDENT_ARG)
      .argument('<update>', UPDATE_ARG)
      .description('One update of an incident')
      .action((incident, update, _options, command) => run(Context.fromCommand(command), incident, update)),
    [
      'statusctl incident-updates get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9',
      'statusctl incident-updates get 0ae1221b-6727-5303-a6ed-e01c2c4e4ecd 660bcab7-1d18-5be6-94dd-dc1c45db46e9 -o json',
    ],
  );
  valueKinds(updates, 'get', { incident: 'incident', update: 'update' });
}

export async function run(ctx: Context, givenIncident: string, givenUpdate: string): Promise<void> {
  const client = await ctx.client();
  const { id: incidentId, incident } = await new IncidentIds(() => ctx.client()).resolve(givenIncident);
  const incidentUpdateId = await resolveUpdateId(client, incidentId, givenUpdate, incident);
  const update = await client.getIncidentUpdate({ params: { incidentId, incidentUpdateId } });
  if (ctx.json) await ctx.printJson(update);
  else ctx.out(await renderUpdate(ctx, incidentId, update));
}

/** An update for people: a heading (on a terminal and in Markdown) and its fields. */
export async function renderUpdate(ctx: Context, incidentId: string, update: IncidentUpdate, title = 'Update'): Promise<string> {
  const format = tableFormat(ctx);
  const head = heading(ctx, title, update.id);
  const fields = await renderFields(ctx, [
    ...(format === 'terminal' ? [] : [['id', { text: update.id, code: true }] as [string, Cell]]),
    ['incident', { text: incidentId, code: true }],
    ['status', statusCell(ctx, update.status)],
    ['description', update.description],
    ['time', exactTimeCell(ctx, update.publicIncidentUpdateDate)],
    ['notify', update.notifySubscribers ? 'yes' : 'no'],
  ]);
  return head ? `${head}\n${fields}` : fields;
}
