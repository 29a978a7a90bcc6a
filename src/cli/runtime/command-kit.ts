// Small pieces every command module uses: help examples, the declaration of a noun's verbs, and
// option parsers that fail as usage errors (exit 2) naming the option.
import { InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { didYouMean } from '../errors/suggest.js';

/** Appends real, copy-pasteable examples to a command's --help. */
export function examples<C extends { addHelpText(position: 'after', text: string): unknown }>(command: C, lines: string[]): C {
  command.addHelpText('after', `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`);
  return command;
}

/**
 * Declares a noun's verbs: the first of `named` (the verb a run names, then what it may stand
 * for) that the noun has, loading that verb's module alone; when it has none of them (the noun's
 * help, completion, an unknown verb), every verb, in the order of `verbs`. A verb's module is
 * loaded only here, so a run evaluates the modules of the one verb it runs.
 */
export async function declareVerbs<N>(
  noun: N,
  verbs: Readonly<Record<string, () => Promise<{ declare(noun: N): void }>>>,
  named: readonly string[] = [],
): Promise<void> {
  const name = named.find((verb) => Object.hasOwn(verbs, verb));
  const load = name === undefined ? Object.values(verbs) : [verbs[name]!];
  for (const verb of await Promise.all(load.map((loadVerb) => loadVerb()))) verb.declare(noun);
}

/**
 * A whole number from `min` to `max`. Without a `max` of its own the bound is JavaScript's largest
 * exact integer, a limit of the program no user chose: the message then says "or more".
 */
export function positiveInt(min = 1, max = Number.MAX_SAFE_INTEGER) {
  const allowed = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new InvalidArgumentError(`expected a whole number ${allowed}`);
    }
    return Number(value);
  };
}

/** A duration in ms: `500` or `500ms`, or in seconds: `10s`, `1.5s`. At least `min` ms. */
export function durationMs(min = 1) {
  return (value: string): number => {
    const match = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(value.trim());
    const ms = match ? Math.round(Number(match[1]) * (match[2] === 's' ? 1000 : 1)) : Number.NaN;
    // Node's timers wait at most 2^31-1 ms: said to a user as the 24 days it is.
    if (!(ms >= min) || ms > 2_147_483_647) {
      throw new InvalidArgumentError(`expected a duration from ${min} ms to 24 days, in ms (500, 500ms) or seconds (10s)`);
    }
    return ms;
  };
}

export function positiveNumber(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0) {
    throw new InvalidArgumentError('expected a number greater than 0');
  }
  return number;
}

/**
 * A percentage from 0 to 100: `99.5%`, or `99.5` without the sign. A bare number below 1 is
 * refused: `0.995` is almost surely a ratio meant as 99.5%, and read as 0.995% it would make a
 * gate that never fires.
 */
export function percentage(value: string): number {
  const trimmed = value.trim();
  const signed = trimmed.endsWith('%');
  const digits = signed ? trimmed.slice(0, -1).trim() : trimmed;
  const number = Number(digits);
  if (digits === '' || !Number.isFinite(number) || number < 0 || number > 100) {
    throw new InvalidArgumentError('expected a percentage from 0 to 100, such as 99.5 or 99.5%');
  }
  if (!signed && number < 1) {
    const meant = Number((number * 100).toFixed(4));
    if (number === 0) throw new InvalidArgumentError('a bare number below 1 is refused as a likely ratio: write 0% if that is meant');
    throw new InvalidArgumentError(
      `${digits} reads as ${digits}%, not ${meant}%: write the percentage with its sign, e.g. ${meant}% (or ${digits}% if that is meant)`,
    );
  }
  return number;
}

/**
 * An option whose value is one of `values`: listed as commander choices (help, completion),
 * accepted in any case (`--severity major` for MAJOR) and typed as the union of the values.
 */
export function choiceOption<const Flags extends string, const Value extends string>(
  flags: Flags,
  description: string,
  values: readonly Value[],
  normalize: (value: string) => string = (value) => value.toUpperCase(),
) {
  return new Option(flags, description).choices(values).argParser((value: string): Value => {
    const normalized = normalize(value);
    const match = values.find((candidate) => candidate === normalized);
    if (match === undefined) throw new InvalidArgumentError(`expected one of ${values.join(', ')}${didYouMean(value, values)}`);
    return match;
  });
}

/** choiceOption for a repeatable option (`--severity major --severity critical`, or `major,critical`): the values in a list. */
export function choicesOption<const Flags extends string, const Value extends string>(
  flags: Flags,
  description: string,
  values: readonly Value[],
  normalize: (value: string) => string = (value) => value.toUpperCase(),
) {
  return new Option(flags, description).choices(values).argParser((value: string, previous: Value[] = []): Value[] => {
    const parsed = collect(value).map((part) => {
      const match = values.find((candidate) => candidate === normalize(part));
      if (match === undefined) throw new InvalidArgumentError(`expected one of ${values.join(', ')}${didYouMean(part, values)}`);
      return match;
    });
    return [...previous, ...parsed];
  });
}

/** Collects a repeatable option (`--service a --service b`, or `--service a,b`). */
export function collect(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  ];
}
