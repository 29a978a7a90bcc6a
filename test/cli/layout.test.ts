// The CLI's layout says what depends on what, and gives every command one shape:
// - the nouns are one table, `commands/nouns.ts`, which only wires each noun's verbs to commander;
//   each verb is a module in `commands/<noun>/` holding its options type, its run function and its renderer;
// - a command without verbs (`version`, `whoami`...) is such a module on its own, `commands/<name>.ts`;
// - a noun's modules import each other and the shared pieces of src/cli; of another command
//   they import only renderers (`render...`): a resource is rendered from its view (src/cli/views/),
//   by every command that prints it;
// - output helpers live in src/cli/output/, the resources' views in src/cli/views/;
// - src/cli itself holds folders only, each named for what it holds (runtime/, iostreams/, settings/,
//   input/, api/, lookup/, errors/, output/, prompts/, completion/, demo/, views/, verbs/), none with more
//   than a dozen files but views/ and lookup/, which hold one file per resource (up to 40, what
//   ninety operations need): a module that is not a verb goes to one of them, never into commands/;
// - output/ and iostreams/ (the terminal) are below the command context: they never import runtime/;
// - no module is over 300 lines, as every module of src/ (test/layout/module-size.test.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

const CLI = join(ROOT, 'src', 'cli');
const COMMANDS = join(CLI, 'commands');

function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((match) => match[1]!);
}

const nounFolders = readdirSync(COMMANDS).filter((name) => statSync(join(COMMANDS, name)).isDirectory());
const topLevel = readdirSync(COMMANDS).filter((name) => name.endsWith('.ts'));

/** The table of the nouns, which wires each noun's verbs. */
const NOUN_TABLE = join(COMMANDS, 'nouns.ts');

/** The verb modules the noun table wires for a noun. */
function verbsOf(noun: string): string[] {
  const wired = importsOf(NOUN_TABLE)
    .filter((path) => path.startsWith(`./${noun}/`))
    .map((path) => path.slice(`./${noun}/`.length).replace(/\.js$/, '.ts'));
  return [...new Set(wired)];
}

/** The folders of src/cli besides commands/, each holding what its name says (docs/architecture.md). */
const ROLE_FOLDERS = [
  'api',
  'completion',
  'demo',
  'errors',
  'input',
  'iostreams',
  'lookup',
  'output',
  'prompts',
  'runtime',
  'settings',
  'verbs',
  'views',
];
const MAX_FILES_IN_FOLDER = 12;
/** views/ and lookup/ hold one file per resource, and ninety operations make about thirty resources. */
const MAX_VIEWS = 40;
const PER_RESOURCE = ['views', 'lookup'];

describe('src/cli layout', () => {
  it('holds folders by role and no loose module; no folder holds more than a dozen files but views/ and lookup/, one per resource', () => {
    const entries = readdirSync(CLI, { withFileTypes: true });
    expect(entries.filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([]);
    expect(entries.map((entry) => entry.name).sort()).toEqual(['commands', ...ROLE_FOLDERS].sort());
    for (const folder of ROLE_FOLDERS) {
      const names = readdirSync(join(CLI, folder));
      expect(names.length, `src/cli/${folder}: ${names.join(', ')}`).toBeLessThanOrEqual(
        PER_RESOURCE.includes(folder) ? MAX_VIEWS : MAX_FILES_IN_FOLDER,
      );
      expect(
        names.filter((name) => statSync(join(CLI, folder, name)).isDirectory()),
        `src/cli/${folder}`,
      ).toEqual([]);
    }
  });

  it('output helpers, the views and the terminal need nothing of the command context: they import nothing of runtime/', () => {
    const upward = ['output', 'iostreams', 'views'].flatMap((folder) =>
      readdirSync(join(CLI, folder)).flatMap((name) =>
        importsOf(join(CLI, folder, name))
          .filter((path) => /(^|\/)(runtime|commands)\//.test(path) || (folder === 'iostreams' && path.includes('/output/')))
          .map((path) => `${folder}/${name}: ${path}`),
      ),
    );
    expect(upward).toEqual([]);
  });

  it('a noun folder holds only the verbs its noun file wires', () => {
    for (const noun of nounFolders) {
      const files = readdirSync(join(COMMANDS, noun)).sort();
      expect(files, `commands/${noun}/`).toEqual([...verbsOf(noun)].sort());
    }
  });

  it('each noun folder has its entry in the noun table, which declares no option or action of its own', () => {
    expect(nounFolders.length).toBeGreaterThan(0);
    expect(existsSync(NOUN_TABLE), 'commands/nouns.ts').toBe(true);
    const source = readFileSync(NOUN_TABLE, 'utf8');
    expect(source, 'commands/nouns.ts declares an option').not.toMatch(/\.(option|addOption|argument)\(/);
    expect(source, 'commands/nouns.ts declares an action').not.toMatch(/\.action\(/);
    for (const noun of nounFolders) {
      expect(existsSync(join(COMMANDS, `${noun}.ts`)), `commands/${noun}.ts repeats the table`).toBe(false);
      expect(verbsOf(noun).length, `commands/nouns.ts wires no verb of ${noun}`).toBeGreaterThan(0);
    }
  });

  it('each verb module exports its declaration and its run function', () => {
    for (const noun of nounFolders) {
      for (const verb of verbsOf(noun)) {
        const source = readFileSync(join(COMMANDS, noun, verb), 'utf8');
        // Written out, or made by a verb factory of src/cli/verbs/ from the resource's view.
        const made = /export const \{ declare, run \} = \w+Verb[<(]/.test(source);
        if (made) continue;
        expect(source, `commands/${noun}/${verb}`).toMatch(/export function declare\(/);
        expect(source, `commands/${noun}/${verb}`).toMatch(/export (async )?function run\(/);
      }
    }
  });

  it('a command imports nothing of another command but its renderers', () => {
    const crossing: string[] = [];
    const check = (file: string, owner: string) => {
      const source = readFileSync(join(COMMANDS, file), 'utf8');
      const statements = source.matchAll(
        /(?:import\s*(?:type\s*)?(\{[^}]*\}|\*\s*as\s*\w+|\w+)\s*from|\{([^}]*)\}\s*=\s*await\s+import\()\s*'([^']+)'/g,
      );
      for (const [statement, staticNames, dynamicNames, path] of statements) {
        const target = join(file, '..', path!).replace(/\.js$/, '');
        const targetOwner = target.split('/')[0]!;
        if (!path!.startsWith('.') || target.startsWith('..') || targetOwner === owner) continue;
        const names = (dynamicNames ?? staticNames ?? '')
          .replace(/[{}]/g, '')
          .split(',')
          .map(
            (name) =>
              name
                .trim()
                .replace(/^type\s+/, '')
                .split(/\s|:/)[0]!,
          )
          .filter(Boolean);
        if (names.length === 0 || names.some((name) => !name.startsWith('render'))) crossing.push(`${file}: ${statement}`);
      }
    };
    for (const name of topLevel) check(name, name.replace(/\.ts$/, ''));
    for (const noun of nounFolders) {
      for (const file of readdirSync(join(COMMANDS, noun))) check(`${noun}/${file}`, noun);
    }
    expect(crossing).toEqual([]);
  });

  it('only the program declares the commands: no other module imports src/cli/commands', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (path !== COMMANDS) walk(path);
        } else if (entry.name.endsWith('.ts') && entry.name !== 'program.ts') {
          if (importsOf(path).some((imported) => /(^|\/)commands\//.test(imported))) offenders.push(path.slice(CLI.length + 1));
        }
      }
    };
    walk(CLI);
    expect(offenders).toEqual([]);
  });
});
