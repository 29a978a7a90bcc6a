// --message-file and what the editor leaves, when it is not a plain file of text: through the
// built binary (--message-file, run in a directory of hostile entries: a link to a secret outside
// it, a link to /dev/zero, a FIFO, a directory, a file over 64 KiB) and in a pseudo-terminal with
// a fake $EDITOR that puts one of those in the place of the file it was given. Each is exit 2
// naming the file, nothing secret printed and nothing sent (the server's log shows no write).
// A byte-order mark is dropped from the text, and stdin (`-`) keeps working, bounded the same.
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseJson, runCli, runPty, tempConfigDir, useTestServer } from './helpers.js';
import { BAD, HUGE, makeBadEntries, SECRET, writesSince } from './input-files.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();

let dir: string;
let secretFile: string;

beforeAll(() => {
  dir = tempConfigDir();
  secretFile = makeBadEntries(dir);
  writeFileSync(join(dir, 'bom.md'), '\uFEFFRolled back.\n');
  writeFileSync(join(dir, 'plain.md'), 'Plain words.\n');
  symlinkSync('plain.md', join(dir, 'alias.md'));
});

const CREATE = ['incidents', 'create', '--name', 'From a file', '--severity', 'minor', '--service', 'Web App'];

const run = (args: string[], input?: string) => runCli(args, { cwd: dir, env: test.server.env, input });

function expectNothingSecret(...outputs: string[]) {
  for (const output of outputs) {
    expect(output).not.toContain(SECRET);
    expect(output).not.toContain(test.server.account.key);
  }
}

describe('--message-file FILE', () => {
  it('refuses a link out of its directory, /dev/zero, a FIFO, a directory and a file over 64 KiB: exit 2, nothing sent', async () => {
    const cases: [string, string][] = [
      ['secret.md', `${BAD.secret}${secretFile}`],
      ['zero.md', BAD.zero],
      ['/dev/zero', 'it is a character device, not a regular file'],
      ['fifo.md', BAD.fifo],
      ['dir.md', BAD.dir],
      ['huge.md', BAD.huge],
    ];
    for (const [file, what] of cases) {
      const mark = test.server.logs.length;
      const result = await run([...CREATE, '--message-file', file, '--yes', '-o', 'json']);
      expect(result.code, `${file}: ${result.stderr}`).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`--message-file: cannot read ${file}: ${what}`);
      expect(result.stderr).toMatch(/\nhint: .*nothing was sent/);
      expectNothingSecret(result.stderr);
      expect(writesSince(test.server.logs, mark), file).toEqual([]);
    }
  });

  it('drops a byte-order mark, and follows a link to a file beside it', async () => {
    for (const [file, text] of [
      ['bom.md', 'Rolled back.'],
      ['alias.md', 'Plain words.'],
    ]) {
      const result = await run([...CREATE, '--message-file', file!, '--dry-run', '-o', 'json']);
      expect(result.code, result.stderr).toBe(0);
      expect(parseJson<{ body: { incidentUpdates: { description: string }[] } }>(result).body.incidentUpdates[0]!.description).toBe(text);
    }
  });

  it('stdin (-) keeps working, drops a byte-order mark and is refused past 64 KiB', async () => {
    const piped = await run([...CREATE, '--message-file', '-', '--dry-run', '-o', 'json'], '\uFEFFPiped in.\n');
    expect(piped.code, piped.stderr).toBe(0);
    expect(parseJson<{ body: { incidentUpdates: { description: string }[] } }>(piped).body.incidentUpdates[0]!.description).toBe(
      'Piped in.',
    );
    const mark = test.server.logs.length;
    const huge = await run([...CREATE, '--message-file', '-', '--yes'], HUGE);
    expect(huge.code).toBe(2);
    expect(huge.stderr).toContain('--message-file -: stdin holds more than 64 KiB: nothing was sent');
    expect(writesSince(test.server.logs, mark)).toEqual([]);
  });
});

describe('-e/--editor when the editor leaves something other than a file of text', () => {
  let editor: string;

  beforeAll(() => {
    // Puts in the place of the file it is given what FAKE_EDITOR_LEAVES names.
    editor = join(tempConfigDir(), 'hostile-editor.sh');
    writeFileSync(
      editor,
      [
        '#!/bin/sh',
        'printf %s "$1" > "$FAKE_EDITOR_DIR/path"',
        'rm -f "$1"',
        'case "$FAKE_EDITOR_LEAVES" in',
        '  secret) ln -s "$FAKE_EDITOR_SECRET" "$1" ;;',
        '  zero) ln -s /dev/zero "$1" ;;',
        '  fifo) mkfifo "$1" ;;',
        '  dir) mkdir "$1" ;;',
        '  huge) head -c 70000 /dev/zero | tr "\\0" a > "$1" ;;',
        `  bom) printf '\\357\\273\\277Written after a mark.\\n' > "$1" ;;`,
        'esac',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
  });

  async function incident(): Promise<string> {
    const result = await runCli([...CREATE, '--message', 'First.', '--yes', '--jq', '.id'], { env: test.server.env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    return result.stdout.trim();
  }

  async function edit(id: string, leaves: string) {
    const seen = tempConfigDir();
    const env = { ...test.server.env, EDITOR: editor, FAKE_EDITOR_DIR: seen, FAKE_EDITOR_LEAVES: leaves, FAKE_EDITOR_SECRET: secretFile };
    const session = await runPty(['incident-updates', 'add', id, '-e', '--status', 'monitoring'], { env });
    const code = await session.exited();
    return { code, screen: session.screen().replace(/\r?\n/g, ''), file: readFileSync(join(seen, 'path'), 'utf8') };
  }

  it('refuses a link out of its directory, /dev/zero, a FIFO, a directory and a file over 64 KiB: exit 2, nothing sent', async () => {
    const id = await incident();
    for (const [leaves, what] of [
      ['secret', `${BAD.secret}${secretFile}`],
      ['zero', BAD.zero],
      ['fifo', BAD.fifo],
      ['dir', BAD.dir],
      ['huge', BAD.huge],
    ] as const) {
      const mark = test.server.logs.length;
      const { code, screen, file } = await edit(id, leaves);
      expect(code, `${leaves}: ${screen}`).toBe(2);
      expect(screen).toContain(`left in ${file}: ${what}`);
      expect(screen).toContain('nothing was sent');
      expectNothingSecret(screen);
      expect(writesSince(test.server.logs, mark), leaves).toEqual([]);
      expect(existsSync(file), 'the temporary file is removed').toBe(false);
    }
  });

  it('drops a byte-order mark from what was written', async () => {
    const id = await incident();
    const { code, screen } = await edit(id, 'bom');
    expect(code, screen).toBe(0);
    const updates = parseJson<{ description: string }[]>(
      await runCli(['incident-updates', 'list', id, '-o', 'json'], { env: test.server.env, inProcess: true }),
    );
    expect(updates[0]!.description).toBe('Written after a mark.');
  });
});
