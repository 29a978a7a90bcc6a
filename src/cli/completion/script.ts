// Shell completion scripts generated from the commander program itself: nouns, verbs and
// options come from the same tree that parses the command line, so a new command or option
// completes without anyone maintaining a word list.
//
// The three scripts work alike: they walk the words typed so far to the command path
// ('incidents list'), skipping the values of options that take one there, and offer what that
// path has: its verbs, its options (its own and those of the commands above it, the globals
// included) and, after an option, that option's values. Two verbs' options of the same name
// (`incidents list --status` and `incidents create --status`) each keep their own values.
//
// An argument or option whose verb declared what it names (value-kinds.ts: an incident, an
// update, a service, a status page) completes with the account's own values: the script asks
// `statusctl __complete KIND`, which answers from a cache and never waits on the network
// (cache.ts). A verb added later gets this by declaring the kind, nothing here. Each shell's
// script is written by its module (bash.ts, zsh.ts, fish.ts) from the tree of tree.ts; the
// shell code bash and zsh have in common is written once, in bash-zsh.ts.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { commandTree } from './tree.js';
import { zshScript } from './zsh.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

export function completionScript(program: CommandUnknownOpts, shell: Shell): string {
  const tree = commandTree(program);
  const name = program.name();
  switch (shell) {
    case 'bash':
      return bashScript(name, tree);
    case 'zsh':
      return zshScript(name, tree);
    case 'fish':
      return fishScript(name, tree);
  }
}
