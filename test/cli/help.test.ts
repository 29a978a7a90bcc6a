// Every command's --help carries real examples and lists the global options it inherits. The tree is read from the program's own help
// output, so a command added later is checked without touching this file.
import { describe, expect, it } from 'vitest';
import { helpTree } from './help-tree.js';
import { runCli as runBinary, runCli } from '../support/cli.js';
import { buildProgram } from '../../src/cli/runtime/program.js';

async function helpOf(path: string[]): Promise<string> {
  const result = await runCli([...path, '--help'], { inProcess: true });
  expect(result.code, `${path.join(' ')} --help: ${result.stderr}`).toBe(0);
  return result.stdout;
}

describe('help', () => {
  it('every command and subcommand shows Examples: and the Global Options', async () => {
    const tree = await helpTree(helpOf);
    const nouns = tree.filter(([path]) => path.length === 1).map(([path]) => path[0]);
    // A floor, so a parser that finds nothing cannot pass.
    expect(nouns.length).toBeGreaterThanOrEqual(10);
    expect(nouns).toEqual(expect.arrayContaining(['rca', 'error-groups', 'heartbeats', 'runtimes', 'server', 'demo', 'completion']));
    const commands = tree.filter(([path]) => path.length > 0);
    const missing = commands.filter(([, help]) => !help.includes('\nExamples:\n')).map(([path]) => path.join(' '));
    // The inherited options are listed in every command's help (as gh does).
    const globalsListed = (help: string) => {
      const globals = help.split('\nGlobal Options:\n')[1] ?? '';
      return ['-o, --output <format>', '--json', '--profile <name>', '--verbose'].every((flag) => globals.includes(flag));
    };
    const noGlobals = commands.filter(([, help]) => !globalsListed(help)).map(([path]) => path.join(' '));
    expect(missing).toEqual([]);
    expect(noGlobals).toEqual([]);
  }, 180_000);

  it('examples are statusctl command lines', async () => {
    const help = await helpOf(['heartbeats', 'availability']);
    // The examples run to the blank line before the help's last line, its docs page.
    const examples = help.split('\nExamples:\n')[1]!.split('\n\n')[0]!.split('\n').filter(Boolean);
    expect(examples.length).toBeGreaterThan(0);
    for (const line of examples) expect(line).toMatch(/^ {2}\$ (ID=\$\(|echo .*)?statusctl /);
  });

  it('an unknown command exits 2 with a one-line reason on stderr', async () => {
    const result = await runCli(['nosuchcommand'], { inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('nosuchcommand');
    expect(result.stdout).toBe('');
  });

  it('an unknown verb or option exits 2', async () => {
    expect((await runCli(['rca', 'nosuchverb'], { inProcess: true })).code).toBe(2);
    expect((await runCli(['runtimes', 'list', '--nosuchoption'], { inProcess: true })).code).toBe(2);
  });

  it('a run declares the one verb it names; help of the noun and an unknown verb get every verb, for every noun', async () => {
    const nouns = (await buildProgram()).commands.filter((command) => command.commands.length > 0);
    expect(nouns.length).toBeGreaterThanOrEqual(10);
    const verbsOf = async (args: string[]) =>
      (await buildProgram(args)).commands.find((command) => command.name() === args[0])!.commands.map((verb) => verb.name());
    for (const noun of nouns) {
      const all = noun.commands.map((verb) => verb.name());
      for (const verb of all) expect(await verbsOf([noun.name(), verb, '--help'])).toEqual([verb]);
      expect(await verbsOf([noun.name(), '--help'])).toEqual(all);
      expect(await verbsOf([noun.name(), 'nosuchverb'])).toEqual(all);
      // gh's word for a verb declares the verb it stands for.
      if (all.includes('list')) expect(await verbsOf([noun.name(), 'ls'])).toEqual(['list']);
    }
    // A module declaring more than one top-level command declares the one named.
    expect((await buildProgram(['login', '--help'])).commands.map((command) => command.name())).toEqual(['login']);
  });

  it('an unknown verb is exit 2 with the closest names, with or without --help, for every noun', async () => {
    const nouns = (await buildProgram()).commands.filter((command) => command.commands.length > 0);
    // A floor, so a tree read wrong cannot pass.
    expect(nouns.length).toBeGreaterThanOrEqual(10);
    for (const noun of nouns) {
      const verb = noun.commands[0]!.name();
      // The first verb without its last letter: close enough for commander's suggestion.
      const typo = verb.slice(0, -1);
      for (const args of [
        [noun.name(), typo],
        [noun.name(), typo, '--help'],
        [noun.name(), '-h', typo],
      ]) {
        const result = await runCli(args, { inProcess: true });
        expect({ args, code: result.code, stdout: result.stdout }).toEqual({ args, code: 2, stdout: '' });
        expect(result.stderr).toMatch(new RegExp(`^statusctl: unknown command '${typo}' \\(Did you mean (one of )?([^)]*, )?${verb}\\b`));
      }
    }
    const root = await runCli(['incidnets', '--help'], { inProcess: true });
    expect(root).toMatchObject({ code: 2, stdout: '' });
    expect(root.stderr).toMatch(/^statusctl: unknown command 'incidnets' \(Did you mean incidents\?\)/);
  });

  it('help with a word that names no command exits 2 with the closest names and the list (the built binary)', async () => {
    const [noun, verb, none, known, root] = await Promise.all([
      runBinary(['help', 'incidnets']),
      runBinary(['help', 'incidents', 'lst']),
      runBinary(['help', 'nope']),
      runBinary(['help', 'incidents', 'list']),
      runBinary(['help']),
    ]);
    expect(noun).toMatchObject({ code: 2, stdout: '' });
    expect(noun.stderr).toMatch(
      /^statusctl: help: unknown command 'incidnets' \(did you mean incidents\?\)\nhint: the commands of statusctl: .*\bincidents\b/,
    );
    expect(verb).toMatchObject({ code: 2, stdout: '' });
    expect(verb.stderr).toMatch(
      /^statusctl: help: unknown command 'incidents lst' \(did you mean list\b.*\)\nhint: the commands of statusctl incidents: (.*, )?list\b/,
    );
    expect(none).toMatchObject({ code: 2, stdout: '' });
    expect(none.stderr).toMatch(/^statusctl: help: unknown command 'nope'\nhint: /);
    expect(known.code, known.stderr).toBe(0);
    expect(known.stdout).toMatch(/^Usage: statusctl incidents list /);
    expect(root.code, root.stderr).toBe(0);
    expect(root.stdout).toMatch(/^Usage: statusctl /);
  });
});
