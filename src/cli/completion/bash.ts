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
  done < <("\${words[0]}" __complete "$1" "$cur" -- "\${words[@]:1:cword-1}" 2>/dev/null)
}

# The words of the line as typed, into words (cword: the one being completed). bash splits
# COMP_WORDS at the characters of COMP_WORDBREAKS too (: and =), so --base-url http://host:4010
# would be the base URL "http": a word with no space before it in COMP_LINE is joined to the one
# before it again.
${fn}_words() {
  local line=$COMP_LINE word i joined
  words=() cword=0
  for ((i = 0; i < \${#COMP_WORDS[@]}; i++)); do
    word=\${COMP_WORDS[i]}
    joined=0
    if ((i > 0)); then
      # (Without COMP_LINE, or where it does not go on with this word, nothing is joined.)
      if [[ $line =~ ^[[:space:]]+ ]]; then
        line=\${line:\${#BASH_REMATCH[0]}}
      elif [[ -n $line && $line == "$word"* ]]; then
        joined=1
      fi
    fi
    if ((joined)); then words[\${#words[@]} - 1]+=$word; else words+=("$word"); fi
    line=\${line#"$word"}
    ((i == COMP_CWORD)) && cword=$((\${#words[@]} - 1))
  done
}

# The values of option $2 at command path $1, into COMPREPLY.
${fn}_values() {
  case "$1" in
${valueArms}
  esac
}

${fn}() {
  # cur is the word bash replaces (after a : or =, only what follows it); the walk reads the words whole.
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev cword
  local -a words
  ${fn}_words
  prev=\${words[cword-1]}
  local at="" word pair i skip=0 npos=0 names aliases options valued argkinds variadic
  COMPREPLY=()
  ${fn}_at ""
${walkWords(fn, { words: 'words', first: 1, current: 'cword', aliases: '$aliases' })}
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
