// Templates a hostile repository can ship, through the built binary started in the repository:
// a link to a secret outside the templates folder (and to /proc/self/environ, which holds the
// API key), a link to /dev/zero, a FIFO, a directory named NAME.md, a file over 64 KiB, front
// matter after a byte-order mark and front matter never closed. --template NAME of each is exit
// 2 naming the file and sending nothing (the server's log shows no write), nothing secret is
// printed, and `templates list` lists each with its problem instead of failing or hanging. A
// templates folder that is itself a link out of the repository is not read either.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseJson, runCli, tempConfigDir, useTestServer } from './helpers.js';
import { BAD, makeBadEntries, mkfifo, SECRET, writesSince } from './input-files.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();

let repo: string;
let folder: string;

beforeAll(() => {
  repo = tempConfigDir();
  mkdirSync(join(repo, '.git'));
  folder = join(repo, '.statusctl', 'templates');
  mkdirSync(folder, { recursive: true });
  makeBadEntries(folder);
  if (process.platform === 'linux') symlinkSync('/proc/self/environ', join(folder, 'environ.md'));
  writeFileSync(join(folder, 'good.md'), '---\nname: Good\nseverity: minor\n---\nfixed below\n');
  // A link that stays inside the folder is followed.
  mkdirSync(join(folder, 'shared'));
  writeFileSync(join(folder, 'shared', 'base.md'), '---\nname: Shared outage\nseverity: major\n---\nShared words.\n');
  symlinkSync(join('shared', 'base.md'), join(folder, 'inside.md'));
  writeFileSync(join(folder, 'bom.md'), '\uFEFF---\nname: After a mark\nseverity: minor\n---\nThe words only.\n');
  writeFileSync(join(folder, 'unclosed.md'), '---\nname: Never closed\nseverity: minor\nThe words.\n');
});

const run = (args: string[]) => runCli(args, { cwd: repo, env: { ...test.server.env, STATUSCTL_CONFIG_DIR: tempConfigDir() } });

/** `incidents create --template NAME --yes`: exit 2, naming the file and `what`, nothing secret shown and nothing sent. */
async function refused(name: string, what: string) {
  const mark = test.server.logs.length;
  const result = await run(['incidents', 'create', '--template', name, '--service', 'Web App', '--yes', '-o', 'json']);
  expect(result.code, result.stderr).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toContain(`template ${join(folder, `${name}.md`)}: ${what}`);
  expect(result.stderr).toMatch(/\nhint: /);
  for (const secret of [SECRET, test.server.account.key]) {
    expect(result.stderr).not.toContain(secret);
  }
  expect(writesSince(test.server.logs, mark)).toEqual([]);
}

describe('incidents create --template of a file that is not a plain template', () => {
  it('refuses a link to a file outside the templates folder, without reading it', async () => {
    await refused('secret', BAD.secret);
  });

  it.runIf(process.platform === 'linux')('refuses a link to /proc/self/environ: the API key is never posted or printed', async () => {
    await refused('environ', 'it is a symbolic link to /proc/');
  });

  it('refuses a link to /dev/zero, a FIFO, a directory and a file over 64 KiB', async () => {
    await refused('zero', BAD.zero);
    await refused('fifo', BAD.fifo);
    await refused('dir', BAD.dir);
    await refused('huge', BAD.huge);
  });

  it('refuses front matter never closed instead of posting it as the message', async () => {
    await refused('unclosed', 'the front matter opened by --- on its first line is never closed');
  });

  it('reads front matter after a byte-order mark as front matter', async () => {
    const result = await run(['incidents', 'create', '--template', 'bom', '--service', 'Web App', '--dry-run', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const { body } = parseJson<{ body: { name: string; severity: string; incidentUpdates: { description: string }[] } }>(result);
    expect(body.name).toBe('After a mark');
    expect(body.severity).toBe('MINOR');
    expect(body.incidentUpdates[0]!.description).toBe('The words only.');
  });

  it('follows a link that stays inside the templates folder (and the server log shows the create it sends)', async () => {
    const result = await run(['templates', 'show', 'inside', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson<{ name: string; message: string }>(result)).toMatchObject({ name: 'Shared outage', message: 'Shared words.' });
    const mark = test.server.logs.length;
    const created = await run(['incidents', 'create', '--template', 'inside', '--service', 'Web App', '--yes', '--jq', '.name']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout.trim()).toBe('Shared outage');
    await test.server.logged(/^POST \/v1\/\S*incidents /);
    expect(writesSince(test.server.logs, mark)).toHaveLength(1);
  });

  it('an unknown name, or the list, does not wait on a FIFO beside the templates', async () => {
    // A folder of one template and a FIFO: before, reading the FIFO waited for a writer forever.
    const plain = tempConfigDir();
    mkdirSync(join(plain, '.statusctl', 'templates'), { recursive: true });
    writeFileSync(join(plain, '.statusctl', 'templates', 'good.md'), '---\nname: Good\n---\nWords.\n');
    mkfifo(join(plain, '.statusctl', 'templates', 'fifo.md'));
    const env = { ...test.server.env, STATUSCTL_CONFIG_DIR: tempConfigDir() };
    const unknown = await runCli(['incidents', 'create', '--template', 'goood', '--yes'], { cwd: plain, env });
    expect(unknown.code, unknown.stderr).toBe(2);
    expect(unknown.stderr).toContain('template "goood": no such template (did you mean good?); the templates: fifo, good');
    const list = await runCli(['templates', 'list', '-o', 'json', '--jq', '.[] | [.template, .problem // "ok"] | join(" ")'], {
      cwd: plain,
      env,
    });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toBe(`fifo ${BAD.fifo}: it is not read\ngood ok\n`);
  });
});

describe('a repository whose templates folder is a link', () => {
  it('does not read templates through a folder that leads out of the repository', async () => {
    const elsewhere = tempConfigDir();
    mkdirSync(join(elsewhere, 'templates'));
    writeFileSync(join(elsewhere, 'templates', 'notes.md'), `---\nname: Notes\n---\n${SECRET}\n`);
    const linked = tempConfigDir();
    mkdirSync(join(linked, '.git'));
    symlinkSync(elsewhere, join(linked, '.statusctl'));
    const env = { ...test.server.env, STATUSCTL_CONFIG_DIR: tempConfigDir() };
    const mark = test.server.logs.length;
    const create = await runCli(['incidents', 'create', '--template', 'notes', '--service', 'Web App', '--yes'], { cwd: linked, env });
    expect(create.code, create.stderr).toBe(2);
    expect(create.stderr).toContain(`template ${join(linked, '.statusctl', 'templates', 'notes.md')}: the templates folder`);
    expect(create.stderr).toContain('outside the repository');
    expect(writesSince(test.server.logs, mark)).toEqual([]);
    const list = await runCli(['templates', 'list', '-o', 'json'], { cwd: linked, env });
    expect(list.code, list.stderr).toBe(0);
    expect(parseJson<{ template: string; problem?: string }[]>(list)).toEqual([
      expect.objectContaining({ template: 'notes', problem: expect.stringContaining('outside the repository') }),
    ]);
    for (const output of [create.stdout, create.stderr, list.stdout, list.stderr]) expect(output).not.toContain(SECRET);
  });
});

describe('templates list with bad templates beside good ones', () => {
  it('lists each bad one with its problem, in JSON and piped, and prints nothing secret', async () => {
    const json = await run(['templates', 'list', '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const list = parseJson<{ template: string; name?: string; message?: string; problem?: string }[]>(json);
    const byName = new Map(list.map((template) => [template.template, template]));
    expect(byName.get('good')).toMatchObject({ name: 'Good', message: 'fixed below' });
    expect(byName.get('good')!.problem).toBeUndefined();
    expect(byName.get('bom')).toMatchObject({ name: 'After a mark' });
    for (const [name, what] of Object.entries(BAD)) {
      expect(byName.get(name)?.problem, name).toContain(what);
      expect(byName.get(name)?.message, name).toBeUndefined();
    }
    expect(byName.get('unclosed')?.problem).toContain('never closed');
    if (process.platform === 'linux') expect(byName.get('environ')?.problem).toContain('/proc/');

    const piped = await run(['templates', 'list']);
    expect(piped.code, piped.stderr).toBe(0);
    const fifo = piped.stdout.split('\n').find((line) => line.startsWith('fifo\t'));
    expect(fifo?.split('\t').at(-1)).toBe('it is a FIFO (named pipe), not a regular file: it is not read');
    const md = await run(['templates', 'list', '-o', 'md']);
    expect(md.stdout).toMatch(/\| TEMPLATE \| SOURCE \|.*\| PROBLEM \|/);
    expect(md.stdout).toContain(`| ${BAD.dir}: it is not read |`);
    for (const output of [json.stdout, json.stderr, piped.stdout, piped.stderr, md.stdout]) {
      expect(output).not.toContain(SECRET);
      expect(output).not.toContain(test.server.account.key);
    }
  });

  it('templates show of a bad one is exit 2 with its problem', async () => {
    const result = await run(['templates', 'show', 'dir']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`template ${join(folder, 'dir.md')}: ${BAD.dir}`);
  });
});
