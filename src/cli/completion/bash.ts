// The bash completion script, written from the command tree (tree.ts); how the three scripts
// work is said in script.ts.
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
    return `    ${quote(pathOf(node))}) commands=${quote(childNames(node).join(' '))}; aliases=${quote(aliasPairs(node))}; options=${quote(options)}; valued=${quote(valueOptionNames(node))}; argkinds=${quote(argumentKinds(node))}; variadic=${Number(node.variadic)} ;;`;
  });
  const valueCases = nodes.map((node) => {
    const cases = node.reachable
      .filter((option) => option.takesValue)
      .map((option) => {
        const names = optionNames(option).join('|');
        if (option.choices.length) return `        ${names}) COMPREPLY=($(compgen -W ${quote(option.choices.join(' '))} -- "$cur")) ;;`;
        if (option.kind) return `        ${names}) ${fn}_account ${option.kind} ;;`;
        // One name a line (names may hold spaces), shown as file names (quoted when inserted).
        if (option.takesFile)
          return `        ${names}) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); compopt -o filenames 2>/dev/null ;;`;
        return `        ${names}) ;;`;
      });
    return cases.length ? `    ${quote(pathOf(node))})\n      case "$2" in\n${cases.join('\n')}\n      esac ;;` : undefined;
  });

  return `# ${name} completion for bash, generated from the command tree by '${name} completion bash'.
# Install: ${name} completion bash > ~/.local/share/bash-completion/completions/${name}
#      or: echo 'source <(${name} completion bash)' >> ~/.bashrc

# What can be typed at a command path ($1): its verbs (and their aliases, as alias=name), its
# options, those that take a value, and what its positional arguments name in the account
# (argkinds; variadic=1: the last repeats).
${fn}_at() {
  case "$1" in
${atCases.join('\n')}
    *) commands=''; aliases=''; options=''; valued=''; argkinds=''; variadic=0 ;;
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
${valueCases.filter(Boolean).join('\n')}
  esac
}

${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  local path="" word pair i skip=0 npos=0 commands aliases options valued argkinds variadic
  COMPREPLY=()
  ${fn}_at ""
  # Walk the words typed so far: the values of options are skipped, and positional arguments
  # (ids) do not extend the command path.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if ((skip)); then skip=0; continue; fi
    if [[ $word == -* ]]; then
      [[ " $valued " == *" $word "* ]] && skip=1
      continue
    fi
    # An alias (incident, view) walks on as the name it stands for.
    for pair in $aliases; do [[ $word == "\${pair%%=*}" ]] && word=\${pair#*=}; done
    if [[ " $commands " == *" $word "* ]]; then
      path="\${path:+$path }$word"
      npos=0
      ${fn}_at "$path"
    else
      ((npos++))
    fi
  done
  # The word before this one is an option of this command that takes a value.
  if ((skip)); then
    ${fn}_values "$path" "$prev"
    return
  fi
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$commands" -- "$cur"))
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
