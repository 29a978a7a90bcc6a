// The kinds of the completion cache read beside pages and incidents: error groups of both kinds
// (of checks and of test sessions), test sessions, and maintenance windows with their occurrences.
// They are read with the lookups' own reads (the lists a prefix is looked for in), and a list the
// account cannot read (its plan, an older server) only leaves that kind without values: the
// pages and incidents are still cached.
import type { Client } from '../../client/index.js';
import { fetchPages } from '../api/paging.js';
import { allPages, kindOf } from '../lookup/error-groups.js';
import { allMaintenances, allWindows } from '../lookup/maintenance-windows.js';
import { isFinal } from '../views/maintenance-window.js';

export interface AccountLists {
  /** Error groups of both kinds, archived ones too (unarchive takes them). */
  errorGroups: { id: string; kind: 'check' | 'test-session'; archived: boolean; error: string }[];
  testSessions: { id: string; name: string; status: string }[];
  /** Each window with its occurrences still to come or going on (a completed or cancelled one takes nothing more). */
  windows: { id: number; name: string; occurrences: { id: string; status: string; startsAt: string }[] }[];
}

const orNone = <T>(read: Promise<T[]>): Promise<T[]> => read.catch(() => []);

export async function readLists(client: Client): Promise<AccountLists> {
  const [checkGroups, sessionGroups, sessions, windows] = await Promise.all([
    orNone(allPages((query) => client.listErrorGroups({ query }))),
    orNone(allPages((query) => client.listTestSessionErrorGroups({ query }))),
    orNone(fetchPages((query) => client.listTestSessions(query ? { query } : {}), { all: true }).then((page) => page.entries)),
    orNone(
      allWindows(client).then((all) =>
        Promise.all(
          // The API reads a window's occurrences by its number; one listed otherwise has none to offer.
          all.map(async (window) => ({
            window,
            maintenances: Number.isSafeInteger(window.id) && window.id > 0 ? await orNone(allMaintenances(client, String(window.id))) : [],
          })),
        ),
      ),
    ),
  ]);
  return {
    errorGroups: [...checkGroups, ...sessionGroups].map((group) => ({
      id: group.id,
      kind: kindOf(group),
      archived: group.archivedUntilNextEvent,
      error: group.cleanedErrorMessage,
    })),
    testSessions: sessions.map((session) => ({ id: session.id, name: session.name, status: session.status })),
    windows: windows.map(({ window, maintenances }) => ({
      id: window.id,
      name: window.name,
      occurrences: maintenances
        .filter((maintenance) => !isFinal(maintenance.status))
        .map((maintenance) => ({ id: maintenance.id, status: maintenance.status, startsAt: maintenance.startsAt })),
    })),
  };
}

interface Candidate {
  value: string;
  description: string;
}

/** What to offer for the kinds of this module; undefined for another kind. */
export function listCandidates(lists: Partial<AccountLists>, kind: string, words: readonly string[]): Candidate[] | undefined {
  switch (kind) {
    case 'error-group':
      return (lists.errorGroups ?? []).map((group) => ({
        value: group.id,
        description: `${group.kind === 'check' ? 'check' : 'test session'}, ${group.archived ? 'archived' : 'active'}: ${group.error}`,
      }));
    case 'test-session':
      return (lists.testSessions ?? []).map((session) => ({
        value: session.id,
        description: `${session.status.toLowerCase()}: ${session.name}`,
      }));
    case 'maintenance-window':
      return (lists.windows ?? []).map((window) => ({ value: String(window.id), description: window.name }));
    case 'maintenance': {
      // The occurrences of the window typed before it on the line, else of every window.
      const windows = lists.windows ?? [];
      const named = windows.filter((window) => words.includes(String(window.id)));
      return (named.length ? named : windows).flatMap((window) =>
        window.occurrences.map((occurrence) => ({
          value: occurrence.id,
          description: `${occurrence.status.toLowerCase()} from ${occurrence.startsAt}: ${window.name}`,
        })),
      );
    }
    default:
      return undefined;
  }
}
