// The zsh completion script, written from the command tree (tree.ts); how the three scripts
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

/** An entry for _describe: `word:description`, colons in the word escaped. */
function describeEntry(word: string, description: string): string {
  return quote(`${word.replace(/:/g, '\\:')}:${description.replace(/\s+/g, ' ')}`);
}

export function zshScript(name: string, tree: CommandNode): string {
  const fn = functionName(name);
  const nodes = allNodes(tree);
  const atCases = nodes.map((node) => {
    const optionEntries = node.reachable.flatMap((option) => optionNames(option).map((flag) => describeEntry(flag, option.description)));
    const commandEntries = node.children.map((child) => describeEntry(child.path.at(-1)!, child.description));
    return `    (${quote(pathOf(node))}) names=${quote(childNames(node).join(' '))}; aliases=${quote(aliasPairs(node))}; commands=(${commandEntries.join(' ')}); options=(${optionEntries.join(' ')}); valued=${quote(valueOptionNames(node))}; argkinds=${quote(argumentKinds(node))}; variadic=${Number(node.variadic)} ;;`;
  });
  const valueArms = valueCases(nodes, (option) => {
    if (option.choices.length) return `compadd -- ${option.choices.map(quote).join(' ')}`;
    if (option.kind) return `${fn}_account ${option.kind}`;
    if (option.takesFile) return '_files';
    return `_message ${quote(option.description || 'value')}`;
  });

  return `#compdef ${name}
# ${name} completion for zsh, generated from the command tree by '${name} completion zsh'.
# Install: ${name} completion zsh > "\${fpath[1]}/_${name}"   (then start a new shell)
#      or: echo 'source <(${name} completion zsh)' >> ~/.zshrc   (after compinit)

# What can be typed at a command path ($1): its verbs (names, their aliases as alias=name, and
# with descriptions), its options, those that take a value, and what its positional arguments
# name in the account (argkinds; variadic=1: the last repeats).
${fn}_at() {
  case $1 in
${atCases.join('\n')}
    (*) names=''; aliases=''; commands=(); options=(); valued=''; argkinds=''; variadic=0 ;;
  esac
}

# The account's values of kind $1 (service names, incident ids...) with what each is: asked of
# '${name} __complete', which answers from its cache at once.
${fn}_account() {
  local line value
  local -a entries
  for line in "\${(@f)$(\${words[1]} __complete $1 '' -- "\${(@)words[2,CURRENT-1]}" 2>/dev/null)}"; do
    [[ -n $line ]] || continue
    value=\${line%%$'\\t'*}
    entries+=("\${value//:/\\\\:}:\${line#*$'\\t'}")
  done
  (( $#entries )) && _describe -t values $1 entries
}

# The values of option $2 at command path $1.
${fn}_values() {
  case $1 in
${valueArms}
  esac
}

${fn}() {
  local at="" word pair i skip=0 npos=0 names aliases valued argkinds variadic
  local -a commands options kinds
  ${fn}_at ""
${walkWords(fn, { words: 'words', first: 2, current: 'CURRENT', aliases: `\${=aliases}` })}
  # The word before this one is an option of this command that takes a value.
  if ((skip)); then
    ${fn}_values "$at" "\${words[CURRENT-1]}"
    return
  fi
  if [[ \${words[CURRENT]} == -* ]]; then
    _describe -t options 'option' options
  else
    _describe -t commands 'command' commands
    # The positional argument being typed, when its verb declared what it names.
    kinds=(\${=argkinds})
    (($#kinds && npos >= $#kinds && variadic)) && npos=$(($#kinds - 1))
    if ((npos < $#kinds)) && [[ \${kinds[npos+1]} != - ]]; then
      ${fn}_account \${kinds[npos+1]}
    fi
  fi
}
if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then
  ${fn} "$@"
else
  compdef ${fn} ${name}
fi
`;
}
