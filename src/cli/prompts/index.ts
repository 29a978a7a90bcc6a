// The questions the CLI asks on a terminal, over @inquirer/prompts (this module is loaded only
// when a question is asked). Ctrl-C or a closed terminal ends the command as "cancelled" with nothing
// changed, instead of a stack trace, and leaves no half-answered question on the screen: each
// prompt is erased when it ends, and an answered one is written back as one line.
import { checkbox, confirm, input, password, Separator, select } from '@inquirer/prompts';
import type { IO } from '../iostreams/iostreams.js';
import { CliError, ExitCode } from '../errors/exit-codes.js';
import { terminalLine } from '../output/terminal-text.js';

/** Where a question is asked: the run's own terminal (Context.io); the process's when not given. */
export interface Terminal {
  io?: IO;
}

function streams(terminal: Terminal) {
  return {
    ...(terminal.io ? { input: terminal.io.stdin, output: terminal.io.stdout } : {}),
    clearPromptOnDone: true,
  };
}

/** `✔ Severity: MAJOR`, where the erased prompt was. */
function answered(terminal: Terminal, message: string, shown: string): void {
  (terminal.io?.stdout ?? process.stdout).write(`✔ ${message}: ${shown}\n`);
}

function cancelled(error: unknown): never {
  if (error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError')) {
    throw new CliError(ExitCode.usage, 'cancelled: nothing was changed');
  }
  throw error;
}

export async function askText(
  options: {
    message: string;
    default?: string;
    validate?: (value: string) => string | true;
  } & Terminal,
): Promise<string> {
  const value = await input(
    {
      message: options.message,
      ...(options.default ? { default: options.default } : {}),
      ...(options.validate ? { validate: options.validate } : {}),
    },
    streams(options),
  ).catch(cancelled);
  answered(options, options.message, value);
  return value;
}

/** Hidden input: each character shows as `*`, the value is never echoed. */
export async function askSecret(options: { message: string; validate?: (value: string) => string | true } & Terminal): Promise<string> {
  const value = await password(
    { message: options.message, mask: '*', ...(options.validate ? { validate: options.validate } : {}) },
    streams(options),
  ).catch(cancelled);
  answered(options, options.message, '*'.repeat(value.length));
  return value;
}

export interface Choice<Value> {
  name: string;
  value: Value;
  description?: string;
}

/** A choice as shown: its name and description are the server's records, one line each, nothing in them steering the terminal. */
function shown<Value>(choice: Choice<Value>): Choice<Value> {
  return {
    ...choice,
    name: terminalLine(choice.name),
    ...(choice.description === undefined ? {} : { description: terminalLine(choice.description) }),
  };
}

export async function askOne<Value>(options: { message: string; choices: Choice<Value>[]; default?: Value } & Terminal): Promise<Value> {
  const value = await select<Value>(
    {
      message: options.message,
      choices: options.choices.map(shown),
      ...(options.default !== undefined ? { default: options.default } : {}),
      pageSize: 10,
    },
    streams(options),
  ).catch(cancelled);
  answered(options, options.message, terminalLine(options.choices.find((choice) => choice.value === value)?.name ?? String(value)));
  return value;
}

/** A group of choices shown under a heading (a separator line). */
export interface ChoiceGroup<Value> {
  heading: string;
  choices: Choice<Value>[];
}

/** Several choices, at least one, shown in groups. */
export async function askMany<Value>(options: { message: string; groups: ChoiceGroup<Value>[] } & Terminal): Promise<Value[]> {
  const choices = options.groups.flatMap((group) => [new Separator(terminalLine(group.heading)), ...group.choices.map(shown)]);
  const values = await checkbox<Value>(
    {
      message: options.message,
      choices,
      required: true,
      pageSize: 15,
      loop: false,
    },
    streams(options),
  ).catch(cancelled);
  const names = options.groups.flatMap((group) => group.choices).filter((choice) => values.includes(choice.value));
  answered(options, options.message.replace(/ \(.*\)$/, ''), [...new Set(names.map((choice) => terminalLine(choice.name)))].join(', '));
  return values;
}

export async function askYesNo(options: { message: string; default?: boolean } & Terminal): Promise<boolean> {
  const value = await confirm({ message: options.message, default: options.default ?? true }, streams(options)).catch(cancelled);
  answered(options, options.message, value ? 'yes' : 'no');
  return value;
}
