// Small pieces every command module uses: the action wrapper that hands out a Context, help
// examples, and option parsers that fail as usage errors (exit 2) naming the option.
import { InvalidArgumentError, type Command } from 'commander';
import { Context } from './context.js';

/**
 * Wraps a command's run function: commander passes (...args, options, command); the run
 * function gets a Context, the positional arguments and its own options.
 */
export function action<Options, Args extends string[] = string[]>(
  run: (ctx: Context, args: Args, options: Options) => Promise<void> | void,
) {
  return async (...received: unknown[]) => {
    const command = received.at(-1) as Command;
    const options = received.at(-2) as Options;
    const args = received.slice(0, -2) as Args;
    await run(Context.fromCommand(command), args, options);
  };
}

/** Appends real, copy-pasteable examples to a command's --help. */
export function examples(command: Command, lines: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`);
}

export function positiveInt(min = 1, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    }
    return Number(value);
  };
}

export function positiveNumber(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0) {
    throw new InvalidArgumentError('expected a number greater than 0');
  }
  return number;
}

export function percentage(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 100) {
    throw new InvalidArgumentError('expected a percentage from 0 to 100');
  }
  return number;
}

/** Upper-cases and checks an enum value, so `--severity major` works. */
export function oneOf(values: readonly string[]) {
  return (value: string): string => {
    const upper = value.toUpperCase();
    if (!values.includes(upper)) throw new InvalidArgumentError(`expected one of ${values.join(', ')}`);
    return upper;
  };
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
