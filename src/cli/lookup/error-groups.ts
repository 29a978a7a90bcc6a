// Error groups of both kinds the API keeps apart: a check's (`/v1/error-groups`) and a test
// session's (`/v1/test-session-error-groups`). The CLI's error-group verbs and `rca request` take
// an id of either, whole or as a unique prefix of at least MIN_PREFIX characters, and find which
// kind holds it: a prefix among both lists (each read once, every page of 100), a whole id by
// asking the check route first and the test-session route when that one does not know it.
import type { Client } from '../../client/index.js';
import type { ErrorGroup, TestSessionErrorGroup } from '../../contract/schemas.js';
import { CliError, ExitCode } from '../errors/exit-codes.js';
import { isNotFound } from '../errors/not-found.js';
import { sentId } from '../input/ids.js';
import { ERROR_GROUP } from '../views/error-group.js';
import { isWholeId, looksLikePrefix, MIN_PREFIX, PrefixIds } from './short-ids.js';

export type ErrorGroupKind = 'check' | 'test-session';
export type AnyErrorGroup = ErrorGroup | TestSessionErrorGroup;

/** Which kind a group the API answered is: only a check's group names its check. */
export const kindOf = (group: AnyErrorGroup): ErrorGroupKind => ('checkId' in group ? 'check' : 'test-session');

/** An id found: its kind when the lookup already knows it (a prefix found in a list). */
export interface FoundGroupId {
  id: string;
  kind?: ErrorGroupKind;
}

const MAX_LIMIT = 100;

/** Every page of 100 of a list paged by number, until a short page (or one answered again). */
export async function allPages<T extends { id: string }>(read: (query: { limit: string; page?: string }) => Promise<T[]>): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  for (let page = 1; ; page++) {
    const entries = await read({ limit: String(MAX_LIMIT), ...(page !== 1 ? { page: String(page) } : {}) });
    // A server that answers the same page again would keep us here for ever.
    if (entries.length > 0 && entries.every((group) => seen.has(group.id))) return items;
    for (const group of entries) seen.add(group.id);
    items.push(...entries);
    if (entries.length < MAX_LIMIT) return items;
  }
}

/** Whether `given` is looked for as a prefix among the groups (else it is sent, or refused, as a whole id). */
export const isGroupPrefix = (given: string): boolean => !isWholeId(given) && looksLikePrefix(given) && given.trim().length >= MIN_PREFIX;

/** A value taken whole: refused (exit 2) as the error-group verbs name their argument, unless the verb says otherwise. */
const sentGroupId = (given: string) => sentId('getErrorGroup', 'id', given, ERROR_GROUP.argument.usage!);

/**
 * Error group ids and their prefixes for one command (get, archive, unarchive, rca request): both
 * lists are read once, when a prefix needs them. A value that cannot start a UUID, or shorter
 * than a prefix may be, is refused by `whole` naming the argument and the form it takes (exit 2, no request).
 */
export function errorGroupIds(
  client: () => Promise<Client>,
  whole: (given: string) => string = sentGroupId,
): (given: string) => Promise<FoundGroupId> {
  const ids = new PrefixIds<{ id: string; kind: ErrorGroupKind; group: AnyErrorGroup }>(
    async () => {
      const reader = await client();
      const [checks, sessions] = await Promise.all([
        allPages((query) => reader.listErrorGroups({ query })),
        allPages((query) => reader.listTestSessionErrorGroups({ query })),
      ]);
      return [...checks, ...sessions].map((group) => ({ id: group.id, kind: kindOf(group), group }));
    },
    {
      what: 'error group id',
      plural: 'error groups',
      hint: "'statusctl error-groups list --all' and 'statusctl error-groups list --test-sessions --all' show the ids",
      describe: ({ kind, group }) =>
        `${kind === 'check' ? 'check' : 'test session'}, ${group.archivedUntilNextEvent ? 'archived' : 'active'}, last seen ${group.lastSeen}: ${group.cleanedErrorMessage}`,
    },
  );
  return async (given) => {
    if (isGroupPrefix(given)) {
      const found = await ids.resolve(given);
      return { id: found.id, ...(found.item ? { kind: found.item.kind } : {}) };
    }
    return { id: whole(given) };
  };
}

/** The exit 4 for an id neither kind holds; `status` is the 404 both routes answered (a batch's JSON reports it). */
export function unknownGroup(id: string): CliError & { status: 404 } {
  return Object.assign(new CliError(ExitCode.notFound, `no error group ${id}, of checks or of test sessions`), { status: 404 as const });
}

/**
 * `use(kind)` on the kind that holds `found`: the one known, else the check's and, when that
 * route answers 404, the test session's; 404 from both is unknownGroup.
 */
export async function onEitherKind<T>(found: FoundGroupId, use: (kind: ErrorGroupKind) => Promise<T>): Promise<T> {
  if (found.kind) return use(found.kind);
  try {
    return await use('check');
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  try {
    return await use('test-session');
  } catch (error) {
    if (isNotFound(error)) throw unknownGroup(found.id);
    throw error;
  }
}

/** The group `found` names, of whichever kind holds it. */
export function readGroup(client: Client, found: FoundGroupId): Promise<AnyErrorGroup> {
  return onEitherKind<AnyErrorGroup>(found, (kind) =>
    kind === 'check' ? client.getErrorGroup({ params: { id: found.id } }) : client.getTestSessionErrorGroup({ params: { id: found.id } }),
  );
}
