// `error-groups get`: one error group: its state, check, error (cleaned and as recorded), when it
// was first and last seen, and its analyses.
import type { ErrorGroup } from '../../../contract/schemas.js';
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { type Cell, renderFields, tableFormat } from '../../output/cells.js';
import { heading } from '../../output/sections.js';
import { GROUP_ARGUMENT } from './archive.js';
import { sentId } from '../../input/ids.js';

export function declare(groups: Noun): void {
  examples(
    groups
      .command('get')
      .description(
        'One error group: its state (active or archived), check, error (cleaned and as recorded), first and last seen, and the ids of its analyses.\n\n' +
          'Piped: label<TAB>value lines. With -o json: the group as the API gives it. An unknown id is exit 4.',
      )
      .argument('<id>', 'id of the error group (a UUID; error-groups list shows them)')
      .action((id, _options, command) => run(Context.fromCommand(command), id)),
    [
      'statusctl error-groups get c463c2d9-a899-5e7b-9e54-5b24368461d1',
      "statusctl error-groups get c463c2d9-a899-5e7b-9e54-5b24368461d1 --jq '.archivedUntilNextEvent'",
      'statusctl error-groups get c463c2d9-a899-5e7b-9e54-5b24368461d1 -o md',
    ],
  );
}

export async function run(ctx: Context, id: string): Promise<void> {
  const params = { id: sentId('getErrorGroup', 'id', id, GROUP_ARGUMENT) };
  const client = await ctx.client();
  const group = await client.getErrorGroup({ params });
  if (ctx.json) return ctx.printJson(group);
  await ctx.outPaged(await renderErrorGroup(ctx, group));
}

/** One group as labelled fields (piped: `label<TAB>value` lines; -o md: a heading and a list). */
export async function renderErrorGroup(ctx: Context, group: ErrorGroup): Promise<string> {
  const format = tableFormat(ctx);
  const s = ctx.style;
  const head = heading(ctx, 'Error group', group.id);
  const analyses = (group.rootCauseAnalyses ?? []).map((rca) => rca.id);
  const rows: [string, Cell | string][] = [
    ...(format === 'terminal' ? [] : [['id', { text: group.id, code: true }] as [string, Cell]]),
    ['state', group.archivedUntilNextEvent ? { text: 'archived', paint: s.green } : { text: 'active', paint: s.yellow }],
    ['check', { text: group.checkId, code: true }],
    ['error', group.cleanedErrorMessage],
    ...(group.rawErrorMessage && group.rawErrorMessage !== group.cleanedErrorMessage
      ? [['raw error', group.rawErrorMessage] as [string, string]]
      : []),
    ['first seen', group.firstSeen],
    ['last seen', group.lastSeen],
    ['analyses', analyses.join(', ') || '-'],
  ];
  const fields = await renderFields(ctx, rows);
  return head ? `${head}\n${fields}` : fields;
}
