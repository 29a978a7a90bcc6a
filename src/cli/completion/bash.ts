// The bash completion script, written from the command tree (tree.ts); how the three scripts
// work is said in script.ts.
import { valueCases, walkWords } from './bash-zsh.js';
import {
  aliasPairs,
  allNodes,
  argumentKinds,
  childNames,
  type CommandNode,
  functionName,
  optionNames,
  pathOf,
  quote,
  valueOptionNames,
} from './tree.js';

export function bashScript(name: string, tree: CommandNode): string {
  const fn = functionName(name);
  const nodes = allNodes(tree);
  const atCases = nodes.map((node) => {
    const options = [...new Set(node.reachable.flatMap(optionNames))].join(' ');
    return `    ${quote(pathOf(node))}) names=${quote(childNames(node).join(' '))}; aliases=${quote(aliasPairs(node))}; options=${quote(options)}; valued=${quote(valueOptionNames(node))}; argkinds=${quote(argumentKinds(node))}; variadic=${Number(node.variadic)} ;;`;
  });
  const valueArms = valueCases(nodes, (option) => {
    if (option.choices.length) return `COMPREPLY=($(compgen -W ${quote(option.choices.join(' '))} -- "$cur"))`;
    if (option.kind) return `${fn}_account ${option.kind}`;
    // One name a line (names may hold spaces), shown as file names (quoted when inserted).
    if (option.takesFile) return 'mapfile -t COMPREPLY < <(compgen -f -- "$cur"); compopt -o filenames 2>/dev/null';
    return '';
  });

  return `# ${name} completion for bash, generated from the command tree by '${name} completion bash'.
# Install: ${name} completion bash > ~/.local/share/bash-completion/completions/${name}
#      or: echo 'source <(${name} completion bash)' >> ~/.bashrc

# What can be typed at a command path ($1): its verbs (names, and their aliases as alias=name),
# its options, those that take a value, and what its positional arguments name in the account
# (argkinds; variadic=1: the last repeats).
${fn}_at() {
  case "$1" in
${atCases.join('\n')}
    *) names=''; aliases=''; options=''; valued=''; argkinds=''; variadic=0 ;;
  esac
}

# The account's values of kind $1 (service names, incident ids...) starting with the word typed,
# into COMPREPLY: asked of '${name} __complete', which answers from its cache at once.
${fn}_account() {
  local line
  while IFS= read -r line; do
    [[ -n $line ]] || continue
    printf -v line '%q' "\${line%%$'\\t'*}"
    COMPREPLY+=("$line")
  done < <("\${COMP_WORDS[0]}" __complete "$1" "$cur" -- "\${COMP_WORDS[@]:1:COMP_CWORD-1}" 2>/dev/null)
}

# The values of option $2 at command path $1, into COMPREPLY.
${fn}_values() {
  case "$1" in
${valueArms}
  esac
}

${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  local at="" word pair i skip=0 npos=0 names aliases options valued argkinds variadic
  COMPREPLY=()
  ${fn}_at ""
${walkWords(fn, { words: 'COMP_WORDS', first: 1, current: 'COMP_CWORD', aliases: '$aliases' })}
  # The word before this one is an option of this command that takes a value.
  if ((skip)); then
    ${fn}_values "$at" "$prev"
    return
  fi
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$names" -- "$cur"))
    # The positional argument being typed, when its verb declared what it names.
    local -a kinds=($argkinds)
    ((\${#kinds[@]} && npos >= \${#kinds[@]} && variadic)) && npos=$((\${#kinds[@]} - 1))
    if ((npos < \${#kinds[@]})) && [[ \${kinds[npos]} != - ]]; then
      ${fn}_account "\${kinds[npos]}"
    fi
  fi
}
complete -F ${fn} ${name}
`;
}
