// What the bash and zsh scripts share, being the same shell code in both: the walk of the words
// typed so far and the values offered after an option. Each script names only what its shell
// does differently.
import { type CommandNode, type OptionSpec, optionNames, pathOf, quote } from './tree.js';

/**
 * The body of `_values` ($1 the command path, $2 the option just typed): per command with
 * options that take a value, a case on the option whose arm is `arm(option)`, the shell's own
 * way to offer its values.
 */
export function valueCases(nodes: CommandNode[], arm: (option: OptionSpec) => string): string {
  return nodes
    .map((node) => {
      const cases = node.reachable
        .filter((option) => option.takesValue)
        .map((option) => {
          const command = arm(option);
          return `        (${optionNames(option).join('|')})${command ? ` ${command}` : ''} ;;`;
        });
      return cases.length ? `    (${quote(pathOf(node))})\n      case "$2" in\n${cases.join('\n')}\n      esac ;;` : undefined;
    })
    .filter(Boolean)
    .join('\n');
}

export interface WordsTyped {
  /** The array of the words on the command line, the command's name included. */
  words: string;
  /** The index of the first word after the command's name ... */
  first: number;
  /** ... and the variable holding the index of the word being completed. */
  current: string;
  /** `$aliases` split into words. */
  aliases: string;
}

/**
 * The walk over the words typed before the current one, to the command path ($at, through
 * `${fn}_at`): the values of options are skipped (skip is still 1 after it when the current
 * word is such a value), an alias walks on as the name it stands for, and positional arguments
 * (ids) do not extend the path (npos counts those after its last verb).
 */
export function walkWords(fn: string, typed: WordsTyped): string {
  return `  # Walk the words typed so far: the values of options are skipped, and positional arguments
  # (ids) do not extend the command path.
  for ((i = ${typed.first}; i < ${typed.current}; i++)); do
    word=\${${typed.words}[i]}
    if ((skip)); then skip=0; continue; fi
    if [[ $word == -* ]]; then
      [[ " $valued " == *" $word "* ]] && skip=1
      continue
    fi
    # An alias (incident, view) walks on as the name it stands for.
    for pair in ${typed.aliases}; do [[ $word == "\${pair%%=*}" ]] && word=\${pair#*=}; done
    if [[ " $names " == *" $word "* ]]; then
      at="\${at:+$at }$word"
      npos=0
      ${fn}_at "$at"
    else
      ((npos++))
    fi
  done`;
}
