// The thing a command acts on, named by the user, is not there: exit 4, with the closest names
// first ("did you mean") and then every one there is, so the next try can be copied from it.
import { CliError, ExitCode } from './exit-codes.js';
import { closest } from './suggest.js';

export interface Known {
  /** What the user may have typed (a name, an id). */
  names: string[];
  /** How the item is listed: `Payments API (id 8187…)`. */
  line: string;
}

/** How many of the known items are listed at most; the rest is counted. */
const MAX_LISTED = 20;

/**
 * `runtime "2025.4": not found (did you mean "2025.04"?); the runtimes, closest first:` and the
 * list, as a CliError with exit 4.
 */
export function notFoundAmong(what: string, plural: string, given: string, known: readonly Known[], hint?: string): CliError {
  const near = closest(
    given,
    known.flatMap((item) => item.names),
  );
  const nearItems = near.map((name) => known.find((item) => item.names.includes(name))!).filter((item, i, all) => all.indexOf(item) === i);
  const meant = near.length > 0 ? ` (did you mean ${near.map((name) => `"${name}"`).join(' or ')}?)` : '';
  if (known.length === 0) return new CliError(ExitCode.notFound, `${what} "${given}": not found; there are no ${plural}`, undefined, hint);
  const ordered = [...nearItems, ...known.filter((item) => !nearItems.includes(item))];
  const listed = ordered.slice(0, MAX_LISTED).map((item) => `  ${item.line}`);
  if (ordered.length > MAX_LISTED) listed.push(`  … and ${ordered.length - MAX_LISTED} more`);
  return new CliError(
    ExitCode.notFound,
    [`${what} "${given}": not found${meant}; the ${plural}${nearItems.length ? ', closest first' : ''}:`, ...listed].join('\n'),
    undefined,
    hint,
  );
}

/** A 404 from the API, as the client reports it. */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}
