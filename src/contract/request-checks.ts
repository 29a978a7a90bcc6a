// The checks of the request schemas that are code rather than a type, a length or a pattern
// (`.refine(...)`), written once here without zod: the schemas refine with them, and the
// client's request check (src/client/request-check.ts) runs the same ones on the shapes the build
// derives from the schemas (scripts/request-shapes.mjs), which name each by its tag. A refine
// written inline has no tag: the client then leaves that request to the schemas themselves.
// Zod-free, not even a type import: the CLI's path to a request loads this module.

/** The property naming a check's predicate and its arguments (plain data: the build copies them). */
export const REQUEST_CHECK = Symbol.for('statusctl.requestCheck');

type Predicate = (value: never) => boolean;
export type TaggedPredicate = Predicate & { readonly [REQUEST_CHECK]: readonly [string, ...unknown[]] };

function tagged<F extends Predicate>(fn: F, name: string, args: unknown[]): F & TaggedPredicate {
  return Object.assign(fn, { [REQUEST_CHECK]: [name, ...args] as const });
}

/** A named IANA time zone (`Europe/Berlin`, `UTC`), never an offset (Intl takes +05:00 too; the hosted API does not). */
function isTimeZone(name: string): boolean {
  if (/^[+-]/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The predicates by name, each made from the arguments its tag carries. */
export const REQUEST_PREDICATES = {
  /** At least one of `names` is given (a PATCH that names no field changes nothing). */
  someOf: (names: readonly string[]) => (value: Record<string, unknown>) => names.some((name) => value[name] !== undefined),
  /** An object with a field at all (`startsAt[gt]`: one comparison or more). */
  nonEmpty: () => (value: object) => Object.keys(value).length > 0,
  timeZone: () => isTimeZone,
  /** A comma-separated list, each item one of `values`. */
  listOf: (values: readonly string[]) => (text: string) => text.split(',').every((value) => values.includes(value)),
  /** A text with a dash must match `pattern` (a date's), one without is left to the other checks. */
  matchedIfDashed: (pattern: string) => {
    const re = new RegExp(pattern);
    return (value: string) => !value.includes('-') || re.test(value);
  },
} satisfies Record<string, (...args: never[]) => Predicate>;

type Predicates = typeof REQUEST_PREDICATES;

/** The predicate `name` made from `args`, with its tag, for a schema's `.refine()`. */
export function requestCheck<Name extends keyof Predicates>(
  name: Name,
  ...args: Parameters<Predicates[Name]>
): ReturnType<Predicates[Name]> & TaggedPredicate {
  const make = REQUEST_PREDICATES[name] as (...given: unknown[]) => Predicate;
  return tagged(make(...args), name, args) as ReturnType<Predicates[Name]> & TaggedPredicate;
}
