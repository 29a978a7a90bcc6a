// error-groups archive / unarchive: the PATCH of an error group, for CI jobs that silence a
// known failure and people who want it back.
import type { ErrorGroup } from '../../contract/schemas.js';
import { examples } from '../command-kit.js';
import { Context } from '../context.js';
import type { Program } from '../globals.js';

export function register(program: Program): void {
  const groups = program.command('error-groups').description('Archive and unarchive error groups');
  examples(groups, [
    'statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1',
    'statusctl error-groups unarchive c463c2d9-a899-5e7b-9e54-5b24368461d1',
  ]);

  examples(
    groups
      .command('archive')
      .description('Archive an error group until the next matching error arrives (or for ever)')
      .argument('<id>', 'id of the error group')
      .option('--forever', 'stay archived even when new matching errors arrive')
      .action(async (id, options, command) => {
        const ctx = Context.fromCommand(command);
        const body = options.forever ? { archiveForEver: true } : { archivedUntilNextEvent: true };
        await patch(ctx, id, body, options.forever === true);
      }),
    [
      'statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1',
      'statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1 --forever',
      'statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1 -o json',
    ],
  );

  examples(
    groups
      .command('unarchive')
      .description('Unarchive an error group')
      .argument('<id>', 'id of the error group')
      .action(async (id, _options, command) => {
        // Both flags false: whichever way the group was archived, it is active again.
        await patch(Context.fromCommand(command), id, { archivedUntilNextEvent: false, archiveForEver: false }, false);
      }),
    [
      'statusctl error-groups unarchive c463c2d9-a899-5e7b-9e54-5b24368461d1',
      'statusctl error-groups unarchive c463c2d9-a899-5e7b-9e54-5b24368461d1 --json',
    ],
  );
}

async function patch(
  ctx: Context,
  id: string,
  body: { archivedUntilNextEvent?: boolean; archiveForEver?: boolean },
  forever: boolean,
): Promise<void> {
  const client = await ctx.client();
  const group: ErrorGroup = await client.updateErrorGroup({ params: { id }, body });
  if (ctx.json) return ctx.printJson(group);
  const { renderErrorGroup } = await import('../render/analysis.js');
  ctx.out(renderErrorGroup(ctx, group, forever));
}
