// Shell completion scripts generated from the commander program itself: nouns, verbs and
// options come from the same tree that parses the command line, so a new command or option
// completes without anyone maintaining a word list.
import type { CommandUnknownOpts, Option } from '@commander-js/extra-typings';

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
}

interface CommandNode {
  /** Words from the root, e.g. ['rca', 'request']; [] for the program itself. */
  path: string[];
  description: string;
  options: OptionSpec[];
  children: CommandNode[];
}

function optionSpec(option: Option): OptionSpec {
  return {
    ...(option.short ? { short: option.short } : {}),
    ...(option.long ? { long: option.long } : {}),
    description: firstLine(option.description),
    takesValue: option.required || option.optional,
    choices: option.argChoices ?? [],
    takesFile: /<file>|\[file\]/.test(option.flags),
  };
}

/** The visible tree, as `--help` shows it (hidden commands and the `help` command left out). */
export function commandTree(program: CommandUnknownOpts, path: string[] = []): CommandNode {
  const help = program.createHelp();
  return {
    path,
    // Completion menus have one line per entry: the first line of a long description.
    description: firstLine(program.summary() || program.description()),
    options: help.visibleOptions(program).map(optionSpec),
    children: help
      .visibleCommands(program)
      .filter((child) => child.name() !== 'help')
      .map((child) => commandTree(child, [...path, child.name()])),
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

/** Single-quoted for sh-like shells. */
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

// ---- bash ----------------------------------------------------------------------------------

/** What the bash and zsh scripts are both written from. */
function shellFacts(name: string, tree: CommandNode) {
  const nodes = allNodes(tree);
  const everyOption = nodes.flatMap((node) => node.options);
  return {
    fn: `_${name.replace(/\W/g, '_')}`,
    nodes,
    globals: tree.options,
    everyOption,
    valueOptions: [...new Set(everyOption.filter((o) => o.takesValue).flatMap(optionNames))],
    commandPaths: nodes.filter((node) => node.path.length > 0).map((node) => node.path.join(' ')),
  };
}

function bashScript(name: string, tree: CommandNode): string {
  const { fn, nodes, globals, everyOption, valueOptions, commandPaths } = shellFacts(name, tree);

  const valueCases = everyOption
    .filter((option) => option.takesValue)
    .map((option) => {
      const names = optionNames(option).join('|');
      if (option.choices.length) return `    ${names}) COMPREPLY=($(compgen -W ${quote(option.choices.join(' '))} -- "$cur")); return ;;`;
      if (option.takesFile) return `    ${names}) COMPREPLY=($(compgen -f -- "$cur")); return ;;`;
      return `    ${names}) return ;;`;
    });
  const wordCases = nodes.map((node) => {
    const options = [...node.options, ...(node === tree ? [] : globals)].flatMap(optionNames);
    const words = node.children.map((child) => child.path.at(-1)!);
    return `    ${quote(node.path.join(' '))}) commands=${quote(words.join(' '))}; options=${quote([...new Set(options)].join(' '))} ;;`;
  });

  return `# ${name} completion for bash, generated from the command tree by '${name} completion bash'.
# Install: ${name} completion bash > ~/.local/share/bash-completion/completions/${name}
#      or: echo 'source <(${name} completion bash)' >> ~/.bashrc
${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  local path="" word i skip=0 commands="" options=""
  # Walk the words typed so far: option values are skipped, positional arguments (ids) do not
  # extend the command path.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    if ((skip)); then skip=0; continue; fi
    case " ${valueOptions.join(' ')} " in *" $word "*) skip=1; continue ;; esac
    [[ $word == -* ]] && continue
    case "\${path:+$path }$word" in
${commandPaths.map((path) => `      ${quote(path)}) path="\${path:+$path }$word" ;;`).join('\n')}
    esac
  done
  case "$prev" in
${valueCases.join('\n')}
  esac
  case "$path" in
${wordCases.join('\n')}
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$commands" -- "$cur"))
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
  const { fn, nodes, globals, everyOption, valueOptions, commandPaths } = shellFacts(name, tree);

  const valueCases = everyOption
    .filter((option) => option.takesValue)
    .map((option) => {
      const names = optionNames(option).join('|');
      if (option.choices.length) return `    (${names}) compadd -- ${option.choices.map(quote).join(' ')}; return ;;`;
      if (option.takesFile) return `    (${names}) _files; return ;;`;
      return `    (${names}) _message ${quote(option.description || 'value')}; return ;;`;
    });
  const wordCases = nodes.map((node) => {
    const options = [...node.options, ...(node === tree ? [] : globals)];
    const optionEntries = options.flatMap((option) => optionNames(option).map((flag) => describeEntry(flag, option.description)));
    const commandEntries = node.children.map((child) => describeEntry(child.path.at(-1)!, child.description));
    return `    (${quote(node.path.join(' '))}) commands=(${commandEntries.join(' ')}); options=(${optionEntries.join(' ')}) ;;`;
  });

  return `#compdef ${name}
# ${name} completion for zsh, generated from the command tree by '${name} completion zsh'.
# Install: ${name} completion zsh > "\${fpath[1]}/_${name}"   (then start a new shell)
#      or: echo 'source <(${name} completion zsh)' >> ~/.zshrc   (after compinit)
${fn}() {
  local path_="" word i skip=0
  local -a commands options
  for ((i = 2; i < CURRENT; i++)); do
    word=\${words[i]}
    if ((skip)); then skip=0; continue; fi
    case " ${valueOptions.join(' ')} " in (*" $word "*) skip=1; continue ;; esac
    [[ $word == -* ]] && continue
    case "\${path_:+$path_ }$word" in
${commandPaths.map((path) => `      (${quote(path)}) path_="\${path_:+$path_ }$word" ;;`).join('\n')}
    esac
  done
  case "\${words[CURRENT-1]}" in
${valueCases.join('\n')}
  esac
  case "$path_" in
${wordCases.join('\n')}
  esac
  if [[ \${words[CURRENT]} == -* ]]; then
    _describe -t options 'option' options
  else
    _describe -t commands 'command' commands
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
  const lines = [
    `# ${name} completion for fish, generated from the command tree by '${name} completion fish'.`,
    `# Install: ${name} completion fish > ~/.config/fish/completions/${name}.fish`,
    `complete -c ${name} -f`,
  ];
  const optionLine = (option: OptionSpec, condition?: string) => {
    const parts = [`complete -c ${name}`];
    if (condition) parts.push(`-n ${quote(condition)}`);
    if (option.short) parts.push(`-s ${option.short.replace(/^-/, '')}`);
    if (option.long) parts.push(`-l ${option.long.replace(/^--/, '')}`);
    if (option.choices.length) parts.push(`-x -a ${quote(option.choices.join(' '))}`);
    else if (option.takesFile) parts.push('-r -F');
    else if (option.takesValue) parts.push('-x');
    if (option.description) parts.push(`-d ${quote(option.description)}`);
    return parts.join(' ');
  };
  for (const option of tree.options) lines.push(optionLine(option));

  for (const node of allNodes(tree)) {
    const childNames = node.children.map((child) => child.path.at(-1)!);
    // Fish sees the typed words, not a path: "rca get" is recognised as rca, then get, with no
    // sibling verb typed yet.
    const here =
      node.path.length === 0 ? '__fish_use_subcommand' : node.path.map((word) => `__fish_seen_subcommand_from ${word}`).join('; and ');
    const noChildYet = childNames.length ? `; and not __fish_seen_subcommand_from ${childNames.join(' ')}` : '';
    for (const child of node.children) {
      const condition = node.path.length === 0 ? here : `${here}${noChildYet}`;
      lines.push(`complete -c ${name} -n ${quote(condition)} -a ${quote(child.path.at(-1)!)} -d ${quote(child.description)}`);
    }
    if (node.path.length > 0) for (const option of node.options) lines.push(optionLine(option, here));
  }
  return `${lines.join('\n')}\n`;
}
