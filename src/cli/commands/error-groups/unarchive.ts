// `error-groups unarchive`: the group is active again, whichever way it was archived. The request
// flow, options and renderer are archive's.
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { declareWrite, IDS_HELP, patchGroups, type WriteOptions } from './archive.js';

export type UnarchiveOptions = WriteOptions;

export function declare(groups: Noun): void {
  examples(
    declareWrite(groups.command('unarchive').description(`Unarchive error groups.\n\n${IDS_HELP}`)).action((ids, options, command) =>
      run(Context.fromCommand(command), ids, options),
    ),
    [
      'statusctl error-groups unarchive c463c2d9-a899-5e7b-9e54-5b24368461d1',
      'statusctl error-groups unarchive c463c2d9-a899-5e7b-9e54-5b24368461d1 --json',
      'statusctl error-groups unarchive - --dry-run < ids.txt',
    ],
  );
}

export function run(ctx: Context, ids: string[], options: UnarchiveOptions): Promise<void> {
  // Both flags false: whichever way the group was archived, it is active again.
  return patchGroups(ctx, ids, { archivedUntilNextEvent: false, archiveForEver: false }, options, undefined);
}
