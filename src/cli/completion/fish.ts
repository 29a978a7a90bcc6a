// The fish completion script, written from the command tree (tree.ts); how the three scripts
// work is said in script.ts.
import { allNodes, argumentKinds, type CommandNode, type OptionSpec, pathOf, quote, valueOptionNames } from './tree.js';

export function fishScript(name: string, tree: CommandNode): string {
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
    '# A walk kept from a script loaded before this one is not used.',
    `set -e ${fn}_walked`,
    '',
    '# The options that take a value at a command path.',
    `function ${fn}_valued`,
    '    switch $argv[1]',
    ...valuedCases,
    '    end',
    'end',
    '',
    '# Walks the words typed so far to the command path (incidents list): the values of options',
    '# are skipped, and positional arguments (ids) do not extend it. Prints three lines: 1 when the',
    '# word being typed is the value of an option (else 0), how many positional arguments follow the',
    '# path, and the path. A Tab evaluates the condition of every complete line below, each asking',
    '# for the walk, so the walk is kept for the words it was made of.',
    `function ${fn}_walk`,
    '    set -l words (commandline -opc)',
    '    set -l key (string join \\x1f -- $words)',
    `    if set -q ${fn}_walked; and test "$${fn}_walked[1]" = "$key"`,
    `        printf '%s\\n' $${fn}_walked[2..]`,
    '        return',
    '    end',
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
    `    set -g ${fn}_walked $key $skip $n $path`,
    "    printf '%s\\n' $skip $n $path",
    'end',
    '',
    '# The command path typed so far.',
    `function ${fn}_path`,
    `    set -l walk (${fn}_walk)`,
    '    echo $walk[3]',
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
    `    set -l walk (${fn}_walk)`,
    '    test $walk[1] -eq 0; or return',
    '    set -l n $walk[2]',
    `    set -l kinds (string split ' ' -- (${fn}_argument_kinds "$walk[3]"))`,
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
