// The questions the CLI asks on a terminal, over @inquirer/prompts (loaded only when a question
// is actually asked). Ctrl-C or a closed terminal ends the command as "cancelled" with nothing
// changed, instead of a stack trace.
import { CliError, ExitCode } from '../exit-codes.js';

async function prompts() {
  return import('@inquirer/prompts');
}

function cancelled(error: unknown): never {
  if (error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError')) {
    throw new CliError(ExitCode.usage, 'cancelled: nothing was changed');
  }
  throw error;
}

export async function askText(options: {
  message: string;
  default?: string;
  validate?: (value: string) => string | true;
}): Promise<string> {
  const { input } = await prompts();
  return input({
    message: options.message,
    ...(options.default ? { default: options.default } : {}),
    ...(options.validate ? { validate: options.validate } : {}),
  }).catch(cancelled);
}

/** Hidden input: each character shows as `*`, the value is never echoed. */
export async function askSecret(options: { message: string; validate?: (value: string) => string | true }): Promise<string> {
  const { password } = await prompts();
  return password({ message: options.message, mask: '*', ...(options.validate ? { validate: options.validate } : {}) }).catch(cancelled);
}

export interface Choice<Value> {
  name: string;
  value: Value;
  description?: string;
}

export async function askOne<Value>(options: { message: string; choices: Choice<Value>[]; default?: Value }): Promise<Value> {
  const { select } = await prompts();
  return select<Value>({
    message: options.message,
    choices: options.choices,
    ...(options.default !== undefined ? { default: options.default } : {}),
    pageSize: 10,
  }).catch(cancelled);
}

/** A group of choices shown under a heading (a separator line). */
export interface ChoiceGroup<Value> {
  heading: string;
  choices: Choice<Value>[];
}

/** Several choices, at least one, shown in groups. */
export async function askMany<Value>(options: { message: string; groups: ChoiceGroup<Value>[] }): Promise<Value[]> {
  const { checkbox, Separator } = await prompts();
  const choices = options.groups.flatMap((group) => [new Separator(group.heading), ...group.choices]);
  return checkbox<Value>({
    message: options.message,
    choices,
    required: true,
    pageSize: 15,
    loop: false,
  }).catch(cancelled);
}

export async function askYesNo(options: { message: string; default?: boolean }): Promise<boolean> {
  const { confirm } = await prompts();
  return confirm({ message: options.message, default: options.default ?? true }).catch(cancelled);
}
