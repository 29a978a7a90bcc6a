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
// (completion-cache.ts). A verb added later gets this by declaring the kind, nothing here.
import type { CommandUnknownOpts, Option } from '@commander-js/extra-typings';
import { type ValueKind, valueKindOf } from './value-kinds.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

interface OptionSpec {
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

interface CommandNode {
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

function allNodes(node: CommandNode): CommandNode[] {
  return [node, ...node.children.flatMap(allNodes)];
}

function optionNames(option: OptionSpec): string[] {
  return [option.short, option.long].filter((name): name is string => Boolean(name));
}

/** The names of the options that take a value at a command, as one space-separated string. */
function valueOptionNames(node: CommandNode): string {
  return node.reachable
    .filter((option) => option.takesValue)
    .flatMap(optionNames)
    .join(' ');
}

/** The kinds of a command's positional arguments, space-separated ('-' for none declared). */
const argumentKinds = (node: CommandNode) => node.argumentKinds.join(' ');

/** Single-quoted for sh-like shells (fish reads the same quoting for these texts). */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

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

const functionName = (name: string) => `_${name.replace(/\W/g, '_')}`;
const pathOf = (node: CommandNode) => node.path.join(' ');
const childNames = (node: CommandNode) => node.children.map((child) => child.path.at(-1)!);
/** The aliases of a node's verbs as `alias=name` words, which the bash and zsh walks turn back into names. */
const aliasPairs = (node: CommandNode) =>
  node.children.flatMap((child) => child.aliases.map((alias) => `${alias}=${child.path.at(-1)!}`)).join(' ');

// ---- bash ----------------------------------------------------------------------------------

function bashScript(name: string, tree: CommandNode): string {
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

// ---- zsh -----------------------------------------------------------------------------------

/** An entry for _describe: `word:description`, colons in the word escaped. */
function describeEntry(word: string, description: string): string {
  return quote(`${word.replace(/:/g, '\\:')}:${description.replace(/\s+/g, ' ')}`);
}

function zshScript(name: string, tree: CommandNode): string {
  const fn = functionName(name);
  const nodes = allNodes(tree);
  const atCases = nodes.map((node) => {
    const optionEntries = node.reachable.flatMap((option) => optionNames(option).map((flag) => describeEntry(flag, option.description)));
    const commandEntries = node.children.map((child) => describeEntry(child.path.at(-1)!, child.description));
    return `    (${quote(pathOf(node))}) names=${quote(childNames(node).join(' '))}; aliases=${quote(aliasPairs(node))}; commands=(${commandEntries.join(' ')}); options=(${optionEntries.join(' ')}); valued=${quote(valueOptionNames(node))}; argkinds=${quote(argumentKinds(node))}; variadic=${Number(node.variadic)} ;;`;
  });
  const valueCases = nodes.map((node) => {
    const cases = node.reachable
      .filter((option) => option.takesValue)
      .map((option) => {
        const names = optionNames(option).join('|');
        if (option.choices.length) return `        (${names}) compadd -- ${option.choices.map(quote).join(' ')} ;;`;
        if (option.kind) return `        (${names}) ${fn}_account ${option.kind} ;;`;
        if (option.takesFile) return `        (${names}) _files ;;`;
        return `        (${names}) _message ${quote(option.description || 'value')} ;;`;
      });
    return cases.length ? `    (${quote(pathOf(node))})\n      case $2 in\n${cases.join('\n')}\n      esac ;;` : undefined;
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
${valueCases.filter(Boolean).join('\n')}
  esac
}

${fn}() {
  local at="" word pair i skip=0 npos=0 names aliases valued argkinds variadic
  local -a commands options kinds
  ${fn}_at ""
  # Walk the words typed so far: the values of options are skipped, and positional arguments
  # (ids) do not extend the command path.
  for ((i = 2; i < CURRENT; i++)); do
    word=\${words[i]}
    if ((skip)); then skip=0; continue; fi
    if [[ $word == -* ]]; then
      [[ " $valued " == *" $word "* ]] && skip=1
      continue
    fi
    # An alias (incident, view) walks on as the name it stands for.
    for pair in \${=aliases}; do [[ $word == "\${pair%%=*}" ]] && word=\${pair#*=}; done
    if [[ " $names " == *" $word "* ]]; then
      at="\${at:+$at }$word"
      npos=0
      ${fn}_at "$at"
    else
      ((npos++))
    fi
  done
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

// ---- fish ----------------------------------------------------------------------------------

function fishScript(name: string, tree: CommandNode): string {
  const fn = `__${name.replace(/\W/g, '_')}`;
  const nodes = allNodes(tree);
  const valuedCases = nodes
    .map((node) => [node, valueOptionNames(node)] as const)
    .filter(([, names]) => names !== '')
    .map(([node, names]) => `        case ${quote(pathOf(node))}\n            printf '%s\\n' ${names}`);
  const aliasCases = nodes.flatMap((node) =>
    node.aliases.map(
      (alias) => `        case ${quote([...node.path.slice(0, -1), alias].join(' '))}\n            echo ${quote(pathOf(node))}`,
    ),
  );
  const argumentCases = nodes
    .filter((node) => node.argumentKinds.some((kind) => kind !== '-'))
    .map((node) => `        case ${quote(pathOf(node))}\n            echo ${Number(node.variadic)} ${argumentKinds(node)}`);
  const lines = [
    `# ${name} completion for fish, generated from the command tree by '${name} completion fish'.`,
    `# Install: ${name} completion fish > ~/.config/fish/completions/${name}.fish`,
    '',
    '# The options that take a value at a command path.',
    `function ${fn}_valued`,
    '    switch $argv[1]',
    ...valuedCases,
    '    end',
    'end',
    '',
    '# The command path typed so far (incidents list): the values of options are skipped, and',
    '# positional arguments (ids) do not extend it.',
    `function ${fn}_path`,
    '    set -l words (commandline -opc)',
    '    set -e words[1]',
    "    set -l path ''",
    '    set -l skip 0',
    '    for word in $words',
    '        if test $skip -eq 1',
    '            set skip 0',
    "        else if string match -q -- '-*' $word",
    `            contains -- $word (${fn}_valued $path); and set skip 1`,
    '        else',
    `            set -l next (${fn}_name (string trim -- "$path $word"))`,
    `            contains -- $next (${fn}_commands); and set path $next`,
    '        end',
    '    end',
    '    echo $path',
    'end',
    '',
    '# A command path whose last word is an alias (incident, incidents view), as the path of names.',
    `function ${fn}_name`,
    '    switch $argv[1]',
    ...aliasCases,
    "        case '*'",
    '            echo $argv[1]',
    '    end',
    'end',
    '',
    `function ${fn}_commands`,
    `    printf '%s\\n' ${nodes
      .filter((node) => node.path.length > 0)
      .map((node) => quote(pathOf(node)))
      .join(' ')}`,
    'end',
    '',
    '# At this command path exactly ($argv[1]), or (with --under) at it or a command below it.',
    `function ${fn}_at`,
    `    set -l path (${fn}_path)`,
    '    test "$path" = "$argv[-1]"; and return 0',
    '    test "$argv[1]" = --under; and string match -q -- "$argv[-1] *" "$path"',
    'end',
    '',
    '# What the positional arguments of a command path name in the account: 1 when the last',
    '# repeats (else 0), then a kind per argument (- where none is declared).',
    `function ${fn}_argument_kinds`,
    '    switch $argv[1]',
    ...argumentCases,
    '    end',
    'end',
    '',
    "# The account's values of kind $argv[1] (service names, incident ids...), each with what it is:",
    `# asked of '${name} __complete', which answers from its cache at once.`,
    `function ${fn}_account`,
    '    set -l words (commandline -opc)',
    "    $words[1] __complete $argv[1] '' -- $words[2..] 2>/dev/null",
    'end',
    '',
    '# The values of the positional argument being typed, when its verb declared what it names.',
    `function ${fn}_arguments`,
    '    set -l words (commandline -opc)',
    '    set -e words[1]',
    "    set -l path ''",
    '    set -l skip 0',
    '    set -l n 0',
    '    for word in $words',
    '        if test $skip -eq 1',
    '            set skip 0',
    "        else if string match -q -- '-*' $word",
    `            contains -- $word (${fn}_valued $path); and set skip 1`,
    '        else',
    `            set -l next (${fn}_name (string trim -- "$path $word"))`,
    `            if contains -- $next (${fn}_commands)`,
    '                set path $next',
    '                set n 0',
    '            else',
    '                set n (math $n + 1)',
    '            end',
    '        end',
    '    end',
    '    test $skip -eq 0; or return',
    `    set -l kinds (string split ' ' -- (${fn}_argument_kinds $path))`,
    '    test (count $kinds) -gt 1; or return',
    '    set -l variadic $kinds[1]',
    '    set -e kinds[1]',
    '    set -l i (math $n + 1)',
    '    if test $i -gt (count $kinds); and test $variadic = 1',
    '        set i (count $kinds)',
    '    end',
    '    test $i -le (count $kinds); and test $kinds[$i] != -; or return',
    `    ${fn}_account $kinds[$i]`,
    'end',
    '',
    `complete -c ${name} -f`,
    `complete -c ${name} -a '(${fn}_arguments)'`,
  ];
  const optionLine = (option: OptionSpec, condition?: string) => {
    const parts = [`complete -c ${name}`];
    if (condition) parts.push(`-n ${quote(condition)}`);
    if (option.short) parts.push(`-s ${option.short.replace(/^-/, '')}`);
    if (option.long) parts.push(`-l ${option.long.replace(/^--/, '')}`);
    if (option.choices.length) parts.push(`-x -a ${quote(option.choices.join(' '))}`);
    else if (option.kind) parts.push(`-x -a ${quote(`(${fn}_account ${option.kind})`)}`);
    else if (option.takesFile) parts.push('-r -F');
    else if (option.takesValue) parts.push('-x');
    if (option.description) parts.push(`-d ${quote(option.description)}`);
    return parts.join(' ');
  };
  // The root's options hold everywhere; a command's own options at it and below it.
  for (const option of tree.options) lines.push(optionLine(option));
  for (const node of nodes) {
    const here = `${fn}_at ${quote(pathOf(node))}`;
    for (const child of node.children) {
      lines.push(`complete -c ${name} -n ${quote(here)} -a ${quote(child.path.at(-1)!)} -d ${quote(child.description)}`);
    }
    if (node.path.length > 0) for (const option of node.options) lines.push(optionLine(option, `${fn}_at --under ${quote(pathOf(node))}`));
  }
  return `${lines.join('\n')}\n`;
}
