// -e/--editor through the built binary in a pseudo-terminal (the refusals off a terminal, and
// the reads that set up and check, in process), with a fake $EDITOR written by the
// test: a shell script that keeps a copy of the file it was given (to see the comment lines and
// the text it started with) and its path (to see it removed), then writes the text the test
// chose, or empties the file. What was sent is read back from the reference server. The README's
// block runs as written in a pseudo-terminal.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BIN, cleanEnv, parseJson, ROOT, runCli, runPty, tempConfigDir, useTestServer } from './helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();

let editor: string;

beforeAll(() => {
  editor = join(tempConfigDir(), 'fake-editor.sh');
  writeFileSync(
    editor,
    [
      '#!/bin/sh',
      'cp "$1" "$FAKE_EDITOR_DIR/seen"',
      'printf %s "$1" > "$FAKE_EDITOR_DIR/path"',
      'printf %s "$FAKE_EDITOR_TEXT" > "$1"',
      'exit "$FAKE_EDITOR_EXIT"',
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
});

/** A directory where the fake editor leaves what it saw, and the environment that makes it the editor. */
function fake(text: string, extra: Record<string, string> = {}) {
  const dir = tempConfigDir();
  return {
    dir,
    env: { ...test.server.env, EDITOR: editor, FAKE_EDITOR_DIR: dir, FAKE_EDITOR_TEXT: text, FAKE_EDITOR_EXIT: '0', ...extra },
    seen: () => readFileSync(join(dir, 'seen'), 'utf8'),
    ran: () => existsSync(join(dir, 'seen')),
    tempFile: () => readFileSync(join(dir, 'path'), 'utf8'),
  };
}

interface Update {
  id: string;
  description: string;
  status: string;
}

async function newIncident(): Promise<string> {
  const result = await runCli(
    ['incidents', 'create', '--name', 'Checkout slow', '--severity', 'minor', '--service', 'Web App', '--yes', '--jq', '.id'],
    { env: test.server.env, inProcess: true },
  );
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim();
}

async function updates(incident: string): Promise<Update[]> {
  return parseJson<Update[]>(await runCli(['incident-updates', 'list', incident, '-o', 'json'], { env: test.server.env, inProcess: true }));
}

async function inTerminal(args: string[], env: Record<string, string>): Promise<{ code: number; screen: string }> {
  const session = await runPty(args, { env });
  const code = await session.exited();
  return { code, screen: session.screen() };
}

describe('-e/--editor', () => {
  it('incident-updates add -e sends what was written, comment lines dropped, and removes the temporary file', async () => {
    const incident = await newIncident();
    const editing = fake('Rolled back to 4.2.0.\nErrors are back to normal.\n# this line is dropped\n');
    const { code, screen } = await inTerminal(['incident-updates', 'add', incident, '-e', '--status', 'monitoring'], editing.env);
    expect(code, screen).toBe(0);
    expect(editing.seen()).toContain(`# A new update of incident ${incident}, shown on the status page.`);
    expect(editing.seen()).toContain('# An empty text cancels: nothing is sent.');
    expect(existsSync(editing.tempFile())).toBe(false);
    const [latest] = await updates(incident);
    expect(latest).toMatchObject({ description: 'Rolled back to 4.2.0.\nErrors are back to normal.', status: 'MONITORING' });
  });

  it('on a terminal, incident-updates add without a message opens the editor; an empty text cancels: exit 2, nothing sent', async () => {
    const incident = await newIncident();
    const before = await updates(incident);
    const editing = fake('# only a comment\n\n');
    const { code, screen } = await inTerminal(['incident-updates', 'add', incident], editing.env);
    expect(editing.ran()).toBe(true);
    expect(code, screen).toBe(2);
    expect(screen).toContain('cancelled: the text was left empty; nothing was sent');
    expect(existsSync(editing.tempFile())).toBe(false);
    expect(await updates(incident)).toEqual(before);
  });

  it('incidents create -e starts from the default first update and sends what was written', async () => {
    const editing = fake('Payments fail for some cards.');
    const session = await runPty(
      [
        'incidents',
        'create',
        '--name',
        'Card payments failing',
        '--severity',
        'major',
        '--service',
        'Payments API',
        '-e',
        '--yes',
        '-o',
        'json',
      ],
      { env: editing.env },
    );
    expect(await session.exited()).toBe(0);
    expect(editing.seen().startsWith('We are investigating this incident.\n')).toBe(true);
    expect(editing.seen()).toContain('# The first update of the new incident: Card payments failing, shown on the status page.');
    const list = parseJson<{ entries: { id: string; name: string }[] }>(
      await runCli(['incidents', 'list', '--limit', '100', '-o', 'json'], { env: test.server.env, inProcess: true }),
    );
    const created = list.entries.find((incident) => incident.name === 'Card payments failing');
    expect(created).toBeDefined();
    expect((await updates(created!.id)).map((update) => update.description)).toEqual(['Payments fail for some cards.']);
  });

  it('incidents resolve -e takes $VISUAL before $EDITOR and starts from "Resolved."', async () => {
    const incident = await newIncident();
    const editing = fake('Healthy again after the rollback.', { VISUAL: editor, EDITOR: '/bin/false' });
    const { code, screen } = await inTerminal(['incidents', 'resolve', incident, '-e'], editing.env);
    expect(code, screen).toBe(0);
    expect(editing.seen().startsWith('Resolved.\n')).toBe(true);
    const [latest] = await updates(incident);
    expect(latest).toMatchObject({ description: 'Healthy again after the rollback.', status: 'RESOLVED' });
  });

  it('incident-updates put -e starts from the stored text and keeps the rest of the update', async () => {
    const incident = await newIncident();
    const [first] = await updates(incident);
    const editing = fake('We are investigating failed checkouts in the EU.');
    const { code, screen } = await inTerminal(['incident-updates', 'put', incident, first!.id, '-e'], editing.env);
    expect(code, screen).toBe(0);
    expect(editing.seen().startsWith(`${first!.description}\n`)).toBe(true);
    const [changed] = await updates(incident);
    expect(changed).toMatchObject({
      id: first!.id,
      description: 'We are investigating failed checkouts in the EU.',
      status: first!.status,
    });
  });

  it('an editor that fails is exit 2 and nothing is sent', async () => {
    const incident = await newIncident();
    const before = await updates(incident);
    const editing = fake('Never sent.', { FAKE_EDITOR_EXIT: '3' });
    const { code, screen } = await inTerminal(['incident-updates', 'add', incident, '-e'], editing.env);
    expect(code, screen).toBe(2);
    expect(screen).toContain('exited with status 3: nothing was sent');
    expect(await updates(incident)).toEqual(before);
  });

  it('off a terminal, -e is a usage error before anything is sent, and the editor is never opened', async () => {
    const incident = await newIncident();
    const before = await updates(incident);
    for (const args of [
      ['incident-updates', 'add', incident, '-e'],
      ['incidents', 'resolve', incident, '--editor'],
      ['incident-updates', 'put', incident, before[0]!.id, '-e'],
      ['incidents', 'create', '--name', 'Never', '--severity', 'minor', '--service', 'Web App', '-e', '--yes'],
    ]) {
      const editing = fake('Never sent.');
      const result = await runCli(args, { env: editing.env, inProcess: true });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain("option '-e, --editor' needs a terminal");
      expect(result.stderr).toContain('hint: give the text with --message TEXT or --message-file FILE|- instead');
      expect(editing.ran()).toBe(false);
    }
    expect(await updates(incident)).toEqual(before);
    const missing = await runCli(['incident-updates', 'add', incident], { env: test.server.env, inProcess: true });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing the text of the update');
  });

  it('-e with --message is refused', async () => {
    const result = await runCli(['incident-updates', 'add', 'x', '-e', '--message', 'Both'], { env: test.server.env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("option '-e, --editor' cannot be used with option '--message");
  });
});

describe('README', () => {
  it('the block of "Writing in your editor" runs as written in a terminal, each text coming from the editor', async () => {
    const readme = readFileSync(join(ROOT, 'docs/commands.md'), 'utf8');
    const block = /### Writing in your editor\n\n```sh\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block, 'README has no block under "Writing in your editor"').toBeDefined();
    const bin = join(tempConfigDir(), 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'statusctl'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`, {
      mode: 0o755,
    });
    const editing = fake('Written in the editor.');
    const pty = await import('@lydell/node-pty');
    const env = cleanEnv({ ...editing.env, TERM: 'xterm-256color', PATH: `${bin}:${process.env.PATH}` });
    const child = pty.spawn('bash', ['-e', '-o', 'pipefail', '-c', block!], {
      cols: 120,
      rows: 40,
      cwd: tempConfigDir(),
      env: env as Record<string, string>,
    });
    let screen = '';
    child.onData((data) => (screen += data));
    const code = await new Promise<number>((resolve) => child.onExit(({ exitCode }) => resolve(exitCode)));
    expect(code, screen).toBe(0);
    const list = parseJson<{ entries: { id: string; name: string; lastUpdateStatus: string }[] }>(
      await runCli(['incidents', 'list', '--status', 'all', '--limit', '100', '-o', 'json'], { env: test.server.env, inProcess: true }),
    );
    const incident = list.entries.find((entry) => entry.name === 'Checkout slow' && entry.lastUpdateStatus === 'RESOLVED');
    expect(incident, screen).toBeDefined();
    // Newest first: the RESOLVED update, the two added (the later one changed by put), the first.
    expect((await updates(incident!.id)).map((update) => [update.status, update.description])).toEqual([
      ['RESOLVED', 'Written in the editor.'],
      ['MONITORING', 'Written in the editor.'],
      ['MONITORING', 'Written in the editor.'],
      ['INVESTIGATING', 'We are investigating this incident.'],
    ]);
  });
});
