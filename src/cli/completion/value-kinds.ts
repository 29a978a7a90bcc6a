// What the value of an argument or option names in the account: an incident, one of its
// updates, a service, a status page, an error group, a test session, a maintenance window or occurrence. A verb declares it in its declare(), after declaring itself:
//
//   valueKinds(incidents, 'edit', { id: 'incident', '--service': 'service' });
//
// and shell completion offers the account's own values there, from the completion cache
// (completion-cache.ts). No list of commands is kept anywhere else: a verb added later
// completes its ids and names by declaring their kinds.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';

export const VALUE_KINDS = [
  'incident',
  'update',
  'service',
  'status-page',
  'automation-rule',
  // An error group of either kind (a check's or a test session's): the verbs taking one find it on both.
  'error-group',
  'test-session',
  // A maintenance window (its number) and one occurrence of it (a maintenance, by id).
  'maintenance-window',
  'maintenance',
] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

const kinds = new WeakMap<object, ValueKind>();

/**
 * Marks what the arguments (by name: `id` for `<id>`) and options (by long flag: `--service`)
 * of the verb `verb` of `noun` name. A name the verb does not have is a programming error,
 * thrown when the program is built.
 */
export function valueKinds(
  noun: { readonly commands: readonly CommandUnknownOpts[] },
  verb: string,
  declared: Record<string, ValueKind>,
): void {
  const command = noun.commands.find((candidate) => candidate.name() === verb);
  if (!command) throw new Error(`valueKinds: no command '${verb}'`);
  for (const [name, kind] of Object.entries(declared)) {
    const item = name.startsWith('-')
      ? command.options.find((option) => option.long === name)
      : command.registeredArguments.find((argument) => argument.name() === name);
    if (!item) throw new Error(`valueKinds: '${verb}' has no ${name.startsWith('-') ? 'option' : 'argument'} ${name}`);
    kinds.set(item, kind);
  }
}

/** What an argument or option (commander's own object) names, when its verb declared it. */
export function valueKindOf(item: object): ValueKind | undefined {
  return kinds.get(item);
}
