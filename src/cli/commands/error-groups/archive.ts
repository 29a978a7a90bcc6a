// `error-groups archive`: the PATCH of an error group, for CI jobs that silence a known failure.
// One result line per id, for one id as for many (`-`: ids from stdin), each JSON entry carrying
// the group as the API answered it (verbs/write.ts). The PATCH states the wanted state, so a group
// already archived, archived again, is a success like any other. `unarchive` shares the spec below.
import type { Client } from '../../../client/index.js';
import type { Done } from '../../api/bulk.js';
import { type AnyErrorGroup, errorGroupIds, type FoundGroupId, kindOf, onEitherKind, readGroup } from '../../lookup/error-groups.js';
import { renderRecord } from '../../views/resource.js';
import { ERROR_GROUP, errorGroupFields, TEST_SESSION_ERROR_GROUP, testSessionErrorGroupFields } from '../../views/error-group.js';
import { type BulkOptions, type BulkWriteSpec, bulkWriteVerb } from '../../verbs/write.js';

export type ArchiveBody = { archivedUntilNextEvent?: boolean; archiveForEver?: boolean };

export interface ArchiveOptions extends BulkOptions {
  forever?: boolean;
}

export const IDS_HELP =
  'Prints one line per id, in the order given, for one id as for several: ID, outcome, reason, tab-separated ' +
  '(on a terminal, one group also shows its state after its line); -o json gives an array of {id, ok, status, error, group}, ' +
  'group being the group as the API answered (null when the id failed). --dry-run prints the same lines with the outcome ' +
  'it would have and the request; -o json {id, ok, status, error, method, path, body}. Ids may come from stdin with - ' +
  '(one per line; blank lines and # comments skipped); several are sent a few at a time. ' +
  'The exit code is that of the worst outcome (4 when some ids are unknown). Under a rate limit the requests pace ' +
  'themselves: a 429 pauses them all until its Retry-After, fewer are sent at once for a while, and a 429 is retried ' +
  'until --max-wait has passed.';

/**
 * What archive and unarchive share: the PATCH `body` gives for each id, and its outcome; `archived`
 * says how the groups stay archived (for people), undefined for unarchive.
 */
export function patchSpec<O extends BulkOptions>(
  words: Pick<BulkWriteSpec<AnyErrorGroup, O>, 'name' | 'description' | 'examples' | 'options'>,
  body: (options: O) => ArchiveBody,
  archived: (options: O) => string | undefined,
): BulkWriteSpec<AnyErrorGroup, O> {
  return {
    ...words,
    ids: "ids of error groups, a check's or a test session's (UUIDs, or unique prefixes of at least 6 characters), or - to read them from stdin",
    words: { dryRun: 'read each group and print the requests (method, path, JSON body) instead of sending them' },
    failed: { group: null },
    async plan(reader: Client, given: string, options: O, found): Promise<Done> {
      const { planRequest, plannedOutcome } = await import('../../api/dry-run.js');
      // Checked as the real run would find it: the id's form (a prefix found), then that the group exists (a read).
      const id = await groupId(reader, given);
      found(id.id);
      const group = await readGroup(reader, id);
      const planned =
        kindOf(group) === 'check'
          ? await planRequest('updateErrorGroup', { params: { id: id.id }, body: body(options) })
          : await planRequest('updateTestSessionErrorGroup', { params: { id: id.id }, body: body(options) });
      return plannedOutcome(archived(options) ? 'would-archive' : 'would-unarchive', planned, 200);
    },
    async write(client: Client, given: string, options: O, found) {
      const id = await groupId(client, given);
      found(id.id);
      // The PATCH states the wanted state, so sending it to the check route first is safe: a 404 there means the other kind.
      const { status, body: group } = await onEitherKind<{ status: number; body: AnyErrorGroup }>(id, (kind) =>
        kind === 'check'
          ? client.call('updateErrorGroup', { params: { id: id.id }, body: body(options) })
          : client.call('updateTestSessionErrorGroup', { params: { id: id.id }, body: body(options) }),
      );
      const how = archived(options);
      const fields = { group };
      return how
        ? { outcome: 'archived', status, reason: how, fields, item: group }
        : { outcome: 'unarchived', status, reason: 'active again', fields, item: group };
    },
    // The API reports only whether a group is archived; how it stays so is known from what was asked.
    detail: (ctx, group, options) => {
      const how = archived(options);
      const state = how === 'for ever' ? 'for ever (stays archived when new errors arrive)' : how && `(${how})`;
      if ('checkId' in group)
        return renderRecord(ctx, { ...ERROR_GROUP, fields: (view, item) => errorGroupFields(view, item, state) }, group);
      return renderRecord(
        ctx,
        { ...TEST_SESSION_ERROR_GROUP, fields: (view, item) => testSessionErrorGroupFields(view, item, state) },
        group,
      );
    },
  };
}

/** The prefix lookup of each run (its client): the groups are read once however many prefixes it is given. */
const lookups = new WeakMap<Client, (given: string) => Promise<FoundGroupId>>();

/**
 * Error group ids are UUIDs (the API's form for them): a unique prefix stands for its group's id;
 * anything else is that id's usage error, without a request the hosted API would refuse, in a
 * dry run too.
 */
function groupId(client: Client, given: string): Promise<FoundGroupId> {
  let lookup = lookups.get(client);
  if (!lookup) lookups.set(client, (lookup = errorGroupIds(async () => client)));
  return lookup(given);
}

export const { declare, run } = bulkWriteVerb(
  ERROR_GROUP,
  patchSpec<ArchiveOptions>(
    {
      name: 'archive',
      description: `Archive error groups until the next matching error arrives (or for ever).\n\n${IDS_HELP}`,
      examples: [
        'statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1',
        'statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1 --forever',
        'statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1 -o json',
        'statusctl error-groups archive c463c2d9-a899-5e7b-9e54-5b24368461d1 10aca8a9-d93d-5f90-a123-88518e7122af --dry-run',
        "grep -v '^#' known-failures.txt | statusctl error-groups archive - --forever -o json",
        'statusctl error-groups archive - --concurrency 12 --max-wait 600 < ids.txt',
      ],
      options: (command) => command.option('--forever', 'stay archived even when new matching errors arrive'),
    },
    (options) => (options.forever ? { archiveForEver: true } : { archivedUntilNextEvent: true }),
    (options) => (options.forever ? 'for ever' : 'until the next matching error'),
  ),
);
