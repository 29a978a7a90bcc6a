// The command tree as the completion scripts see it: each visible command with its path, its
// options (its own and those reachable from above), what its arguments name, its verbs and
// aliases; and the small pieces the three shells' scripts share.
import type { CommandUnknownOpts, Option } from '@commander-js/extra-typings';
import { type ValueKind, valueKindOf } from './value-kinds.js';

export interface OptionSpec {
  short?: string;
  long?: string;
  description: string;
  takesValue: boolean;
  /** Fixed values (commander `.choices()`), completed after the option. */
  choices: string[];
  /** The option names a file (`<file>` in its flags): the shell completes paths. */
  takesFile: boolean;
  /** What its value names in the account, when its verb declared it. */
  kind?: ValueKind;
}

export interface CommandNode {
  /** Words from the root, e.g. ['rca', 'request']; [] for the program itself. */
  path: string[];
  description: string;
  /** The command's own options. */
  options: OptionSpec[];
  /** What can be typed at this command: its own options, then those of the commands above it not named the same. */
  reachable: OptionSpec[];
  /** What each positional argument names ('-' where nothing is declared). */
  argumentKinds: (ValueKind | '-')[];
  /** The last argument takes many values (`<id...>`). */
  variadic: boolean;
  children: CommandNode[];
  /** The command's other names (gh's words: `incident`, `view`): followed when typed, never offered. */
  aliases: string[];
}

function optionSpec(option: Option): OptionSpec {
  return {
    ...(option.short ? { short: option.short } : {}),
    ...(option.long ? { long: option.long } : {}),
    description: firstLine(option.description),
    takesValue: option.required || option.optional,
    choices: option.argChoices ?? [],
    takesFile: /<file>|\[file\]/.test(option.flags),
    ...(valueKindOf(option) ? { kind: valueKindOf(option) } : {}),
  };
}

/** The visible tree, as `--help` shows it (hidden commands and the `help` command left out). */
export function commandTree(program: CommandUnknownOpts, path: string[] = [], above: OptionSpec[] = []): CommandNode {
  const help = program.createHelp();
  const options = help.visibleOptions(program).map(optionSpec);
  const own = new Set(options.flatMap(optionNames));
  const reachable = [...options, ...above.filter((option) => !optionNames(option).some((name) => own.has(name)))];
  return {
    path,
    // Completion menus have one line per entry: the first line of a long description.
    description: firstLine(program.summary() || program.description()),
    options,
    reachable,
    argumentKinds: program.registeredArguments.map((argument) => valueKindOf(argument) ?? '-'),
    variadic: program.registeredArguments.at(-1)?.variadic ?? false,
    children: help
      .visibleCommands(program)
      .filter((child) => child.name() !== 'help')
      .map((child) => commandTree(child, [...path, child.name()], reachable)),
    aliases: program.aliases(),
  };
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]!.trim();
}

export function allNodes(node: CommandNode): CommandNode[] {
  return [node, ...node.children.flatMap(allNodes)];
}

export function optionNames(option: OptionSpec): string[] {
  return [option.short, option.long].filter((name): name is string => Boolean(name));
}

/** The names of the options that take a value at a command, as one space-separated string. */
export function valueOptionNames(node: CommandNode): string {
  return node.reachable
    .filter((option) => option.takesValue)
    .flatMap(optionNames)
    .join(' ');
}

/** The kinds of a command's positional arguments, space-separated ('-' for none declared). */
export const argumentKinds = (node: CommandNode) => node.argumentKinds.join(' ');

/** Single-quoted for sh-like shells (fish reads the same quoting for these texts). */
export function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export const functionName = (name: string) => `_${name.replace(/\W/g, '_')}`;
export const pathOf = (node: CommandNode) => node.path.join(' ');
export const childNames = (node: CommandNode) => node.children.map((child) => child.path.at(-1)!);
/** The aliases of a node's verbs as `alias=name` words, which the bash and zsh walks turn back into names. */
export const aliasPairs = (node: CommandNode) =>
  node.children.flatMap((child) => child.aliases.map((alias) => `${alias}=${child.path.at(-1)!}`)).join(' ');
