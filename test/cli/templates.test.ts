// Incident templates against the reference server, through the CLI in this process (moved into
// the directory a template is looked for from) and the built binary started in that directory
// (on a terminal, and outside a repository): a template in a
// temporary repository (.statusctl/templates/) and one in a temporary config directory
// (templates/), filled by `incidents create --template`, the options given winning, variables
// filled or refused, an unknown service refused before anything is sent (the server's incident
// list is read to check), and `templates list|show` in every output format.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseJson, ROOT, runCli, runPty, tempConfigDir, useTestServer } from './helpers.js';
import { runShell } from './readme-shell.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();

const OUTAGE = `---
name: "{{service}} outage in {{region}}"
severity: major
services: [Payments API]
status: identified
---
Customers of {{service}} in {{region}} see failed payments.
We are on it.
`;

const MAINTENANCE = `---
name: Planned maintenance
severity: minor
services:
  - Public API
notify: true
---
Planned work on {{service}}.
`;

/** A repository (it holds .git) whose templates are looked for from a directory inside it. */
let repo: string;
let inside: string;
let config: string;

beforeAll(() => {
  repo = tempConfigDir();
  mkdirSync(join(repo, '.git'));
  mkdirSync(join(repo, '.statusctl', 'templates'), { recursive: true });
  writeFileSync(join(repo, '.statusctl', 'templates', 'outage.md'), OUTAGE);
  writeFileSync(
    join(repo, '.statusctl', 'templates', 'typo.md'),
    '---\nname: Typo\nseverity: minor\nservices: [Paymnts API]\n---\nA service the pages do not list.\n',
  );
  inside = join(repo, 'src', 'deep');
  mkdirSync(inside, { recursive: true });
  config = tempConfigDir();
  mkdirSync(join(config, 'templates'));
  writeFileSync(join(config, 'templates', 'maintenance.md'), MAINTENANCE);
  // Hidden by the repository's template of the same name.
  writeFileSync(join(config, 'templates', 'outage.md'), '---\nname: Config outage\n---\nNot this one.\n');
});

/**
 * The CLI in this process, from `cwd` (inside the repository unless given). The templates are
 * looked for from the current directory up, and run() has no directory of its own: this process
 * moves into `cwd` for the run and back whatever happens. Vitest's forks run one file at a time
 * in a worker, and this file one run at a time, so nothing else sees the move.
 */
async function run(args: string[], cwd = inside) {
  const home = process.cwd();
  process.chdir(cwd);
  try {
    return await runCli(args, { env: { ...test.server.env, STATUSCTL_CONFIG_DIR: config }, inProcess: true });
  } finally {
    process.chdir(home);
  }
}
/** The built binary, started in `cwd`: the templates are looked for from the process's directory. */
const runBinary = (args: string[], cwd: string) => runCli(args, { cwd, env: { ...test.server.env, STATUSCTL_CONFIG_DIR: config } });
/**
 * In this process, for what takes no template from the repository: a config directory's template,
 * no template at all, the incident list. (The project's own checkout, this process's directory,
 * holds no templates.)
 */
const runHere = (args: string[]) => runCli(args, { env: { ...test.server.env, STATUSCTL_CONFIG_DIR: config }, inProcess: true });

interface Created {
  id: string;
  name: string;
  severity: string;
  services: { name: string }[];
  incidentUpdates: { description: string; status: string; notifySubscribers?: boolean }[];
}

async function incidentNames(): Promise<string[]> {
  const list = parseJson<{ entries: { name: string }[] }>(
    await runHere(['incidents', 'list', '--status', 'all', '--limit', '100', '-o', 'json']),
  );
  return list.entries.map((incident) => incident.name);
}

describe('incidents create --template', () => {
  it('fills every field from a repository template, with --var and {{service}} filled in', async () => {
    const result = await run(['incidents', 'create', '--template', 'outage', '--var', 'region=eu-west-1', '-o', 'json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const incident = parseJson<Created>(result);
    expect(incident.name).toBe('Payments API outage in eu-west-1');
    expect(incident.severity).toBe('MAJOR');
    expect(incident.services.map((service) => service.name)).toEqual(['Payments API']);
    expect(incident.incidentUpdates).toHaveLength(1);
    expect(incident.incidentUpdates[0]!.description).toBe('Customers of Payments API in eu-west-1 see failed payments.\nWe are on it.');
    expect(incident.incidentUpdates[0]!.status).toBe('IDENTIFIED');
  });

  it('takes a template from the config directory, and the options given win over it', async () => {
    const result = await runHere([
      'incidents',
      'create',
      '--template',
      'maintenance',
      '--severity',
      'major',
      '--service',
      'Web App',
      '--name',
      'Database upgrade',
      '-o',
      'json',
    ]);
    expect(result.code).toBe(0);
    const incident = parseJson<Created>(result);
    expect(incident.name).toBe('Database upgrade');
    expect(incident.severity).toBe('MAJOR');
    expect(incident.services.map((service) => service.name)).toEqual(['Web App']);
    expect(incident.incidentUpdates[0]!.description).toBe('Planned work on Web App.');
    expect(incident.incidentUpdates[0]!.notifySubscribers).toBe(true);

    const message = await runHere([
      'incidents',
      'create',
      '--template',
      'maintenance',
      '--message',
      'Our own words',
      '--dry-run',
      '-o',
      'json',
    ]);
    expect(message.code).toBe(0);
    expect(parseJson<{ body: Created }>(message).body.incidentUpdates[0]!.description).toBe('Our own words');
  });

  it('refuses a variable no --var gives, naming it, and sends nothing', async () => {
    const before = await incidentNames();
    const result = await run(['incidents', 'create', '--template', 'outage']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('{{region}}');
    expect(result.stderr).toContain('hint: give --var region=VALUE');
    expect(await incidentNames()).toEqual(before);
  });

  it('catches a service the status pages do not list before anything is sent, with the closest name', async () => {
    const before = await incidentNames();
    const result = await run(['incidents', 'create', '--template', 'typo', '--yes']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('template "typo" service "Paymnts API": no such service (did you mean "Payments API"?)');
    expect(result.stderr).toContain('nothing was sent');
    expect(await incidentNames()).toEqual(before);
  });

  it('names the templates there are when the name is not one, and refuses --var without --template', async () => {
    const missing = await run(['incidents', 'create', '--template', 'outgae']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('template "outgae": no such template (did you mean outage?)');
    const stray = await runHere(['incidents', 'create', '--name', 'X', '--severity', 'minor', '--service', 'Web App', '--var', 'a=b']);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain("'--var'");
  });

  it('looks in the current directory when it is not in a repository', async () => {
    const plain = tempConfigDir();
    mkdirSync(join(plain, '.statusctl', 'templates'), { recursive: true });
    writeFileSync(join(plain, '.statusctl', 'templates', 'here.md'), '---\nname: Here\n---\nFrom the current directory.\n');
    const result = await runBinary(['templates', 'show', 'here', '-o', 'json'], plain);
    expect(result.code).toBe(0);
    expect(parseJson<{ source: string; message: string }>(result)).toMatchObject({
      source: 'repository',
      message: 'From the current directory.',
    });
  });
});

describe('templates list|show', () => {
  it('lists the templates of the repository and the config directory, the repository one hiding its namesake', async () => {
    const json = parseJson<{ template: string; source: string; name?: string }[]>(await run(['templates', 'list', '-o', 'json']));
    expect(json.map(({ template, source }) => [template, source])).toEqual([
      ['maintenance', 'config'],
      ['outage', 'repository'],
      ['typo', 'repository'],
    ]);
    const piped = await run(['templates', 'list']);
    expect(piped.code).toBe(0);
    expect(piped.stdout.split('\n')[1]!.split('\t').slice(0, 4)).toEqual([
      'outage',
      'repository',
      '{{service}} outage in {{region}}',
      'MAJOR',
    ]);
    const md = await run(['templates', 'list', '-o', 'md']);
    expect(md.stdout).toContain('| TEMPLATE | SOURCE | NAME | SEVERITY |');
    expect(md.stdout).toContain('| maintenance | config | Planned maintenance | MINOR |');
  });

  it('shows one template in every format', async () => {
    const json = parseJson<Record<string, unknown>>(await runHere(['templates', 'show', 'maintenance', '-o', 'json']));
    expect(json).toEqual({
      template: 'maintenance',
      source: 'config',
      path: join(config, 'templates', 'maintenance.md'),
      name: 'Planned maintenance',
      severity: 'MINOR',
      services: ['Public API'],
      notify: true,
      message: 'Planned work on {{service}}.',
    });
    const piped = await run(['templates', 'show', 'outage']);
    expect(piped.stdout).toContain('status\tIDENTIFIED\n');
    expect(piped.stdout).toContain('message\tCustomers of {{service}} in {{region}} see failed payments.\\nWe are on it.');
    const md = await run(['templates', 'show', 'outage', '-o', 'md']);
    expect(md.stdout).toContain('### Template: outage');
    expect(md.stdout).toContain('#### First update\n\nCustomers of {{service}}');
  });

  it('on a terminal, lists them as a table with a header and shows one with its first update under a title', async () => {
    const env = { ...test.server.env, STATUSCTL_CONFIG_DIR: config, NO_COLOR: '1' };
    const list = await runPty(['templates', 'list'], { cwd: inside, env, cols: 200 });
    expect(await list.exited()).toBe(0);
    expect(list.screen()).toMatch(/TEMPLATE +SOURCE +NAME +SEVERITY +SERVICES +PATH/);
    expect(list.screen()).toMatch(/outage +repository +\{\{service\}\} outage in \{\{region\}\} +MAJOR +Payments API/);
    const show = await runPty(['templates', 'show', 'outage'], { cwd: inside, env });
    expect(await show.exited()).toBe(0);
    expect(show.screen()).toContain('Template outage');
    expect(show.screen()).toMatch(/First update\r?\n {2}Customers of \{\{service\}\} in \{\{region\}\} see failed payments\./);
  });

  it('refuses a front matter field it does not know, naming the file', async () => {
    const dir = tempConfigDir();
    mkdirSync(join(dir, '.statusctl', 'templates'), { recursive: true });
    writeFileSync(join(dir, '.statusctl', 'templates', 'odd.md'), '---\nseverty: major\n---\nText.\n');
    const result = await run(['templates', 'show', 'odd'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('odd.md: unknown field "severty" (did you mean severity?)');
  });
});

describe('README', () => {
  it('the block of "Templates" runs as written, in a directory of its own, and creates the incident it promises', async () => {
    const readme = readFileSync(join(ROOT, 'docs/commands.md'), 'utf8');
    const block = /### Templates\n\n```sh\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block, 'README has no block under "Templates"').toBeDefined();
    const { code, stdout, stderr } = await runShell(block!, test.server.env, { exitOnError: true });
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    expect(stdout).toContain('"name": "Payments API outage in eu-west-1"');
    const list = parseJson<{ entries: { name: string; severity: string }[] }>(
      await runCli(['incidents', 'list', '--status', 'all', '--limit', '100', '-o', 'json'], { env: test.server.env, inProcess: true }),
    );
    expect(list.entries.find((incident) => incident.name === 'Web App outage in eu-west-1')?.severity).toBe('CRITICAL');
  });
});
