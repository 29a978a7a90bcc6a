// What scripts lean on, through the built binary: bulk stdin read as a stream (the first id acted
// on before the input ends, results in the order given) and `rca get --exit-status`.
import { spawn } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { cleanUpAfter } from '../support/cleanup.js';
import { BIN, cleanEnv, parseJson, ROOT, runCli, startTestServer, useTestServer } from './helpers.js';

vi.setConfig({ testTimeout: 120_000 });

// Analyses stay pending for an hour here: `rca get` meets one pending.
const test = useTestServer({ rcaDelayMs: 3_600_000 });

/** The binary with its stdin left open: the test writes to it and reads stdout line by line. */
function startWithStdin(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: cleanEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  // A test that fails waiting for a line leaves the process waiting for the rest of its input.
  cleanUpAfter('test', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  const waiting = new Set<() => void>();
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (const check of [...waiting]) check();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  /** Resolves with the complete lines of stdout once there are `count`; rejects if the process ends first. */
  const lines = (count: number) =>
    new Promise<string[]>((resolve, reject) => {
      const check = () => {
        const complete = stdout.split('\n').slice(0, -1);
        if (complete.length >= count) {
          waiting.delete(check);
          resolve(complete);
        }
      };
      waiting.add(check);
      check();
      void exited.then(() => {
        if (waiting.delete(check)) reject(new Error(`exited before ${count} lines:\n${stdout}\nstderr:\n${stderr}`));
      });
    });
  return { child, lines, exited, stderr: () => stderr };
}

/** Streams `ids` to `args`: one first, its result line awaited while stdin is still open, then the rest (`count` lines in all). */
async function streamed(args: string[], ids: string[], count = ids.length) {
  const run = startWithStdin(args, test.server.env);
  run.child.stdin.write(`${ids[0]}\n`);
  const first = await run.lines(1);
  // The input has not ended, and the first id is done.
  expect(run.child.stdin.writableEnded).toBe(false);
  run.child.stdin.end(`# the rest\n${ids.slice(1).join('\n')}\n`);
  const code = await run.exited;
  return { first, all: await run.lines(count), code, stderr: run.stderr() };
}

describe('bulk stdin is a stream', () => {
  it('error-groups archive - acts on the first id before the input ends, and keeps the order', async () => {
    const listed = parseJson<{ id: string }[]>(await runCli(['error-groups', 'list', '--json'], { env: test.server.env }));
    const ids = listed.map((group) => group.id).slice(0, 5);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const { first, all, code, stderr } = await streamed(['error-groups', 'archive', '-'], ids);
    expect(code, stderr).toBe(0);
    expect(first).toEqual([`${ids[0]}\tarchived\tuntil the next matching error`]);
    expect(all.map((line) => line.split('\t').slice(0, 2))).toEqual(ids.map((id) => [id, 'archived']));
  });

  it('incidents delete - --yes deletes the first before the input ends, each once, in order', async () => {
    const listed = parseJson<{ entries: { id: string; statusPageId?: string }[] }>(
      await runCli(['incidents', 'list', '--json'], { env: test.server.env }),
    );
    // Incidents of v2 pages (a V3 page's has its page's id).
    const ids = listed.entries.filter((incident) => !('statusPageId' in incident)).map((incident) => incident.id);
    ids.splice(3);
    expect(ids).toHaveLength(3);
    // The first given twice: deleted once.
    const { first, all, code, stderr } = await streamed(['incidents', 'delete', '-', '--yes'], [ids[0]!, ...ids], ids.length);
    expect(code, stderr).toBe(0);
    expect(first[0]).toMatch(new RegExp(`^${ids[0]}\\tdeleted\\t`));
    expect(all.map((line) => line.split('\t').slice(0, 2))).toEqual(ids.map((id) => [id, 'deleted']));
  });

  it('an empty stdin is still nothing to do, and a dry run streams too', async () => {
    const empty = await runCli(['error-groups', 'archive', '-', '-o', 'json'], { env: test.server.env, input: '' });
    expect(empty).toMatchObject({ code: 0, stdout: '[]\n' });
    const listed = parseJson<{ id: string }[]>(await runCli(['error-groups', 'list', '--json'], { env: test.server.env }));
    const ids = listed.map((group) => group.id).slice(0, 3);
    const { first, all, code } = await streamed(['error-groups', 'unarchive', '-', '--dry-run'], ids);
    expect(code).toBe(0);
    expect(first[0]).toMatch(new RegExp(`^${ids[0]}\\twould-unarchive\\t`));
    expect(all.map((line) => line.split('\t')[0])).toEqual(ids);
  });
});

describe('rca get --exit-status', () => {
  it('exits 5 while the analysis is pending (JSON still printed), 0 once it is ready', async () => {
    const group = parseJson<{ id: string }[]>(await runCli(['error-groups', 'list', '--json'], { env: test.server.env }))[0]!.id;
    const requested = await runCli(['rca', 'request', group], { env: test.server.env });
    expect(requested.code, requested.stderr).toBe(0);
    const id = requested.stdout.trim().split('\t')[2]!;
    const [plain, json, without] = await Promise.all([
      runCli(['rca', 'get', id, '--exit-status'], { env: test.server.env }),
      runCli(['rca', 'get', id, '--exit-status', '-o', 'json'], { env: test.server.env }),
      runCli(['rca', 'get', id], { env: test.server.env }),
    ]);
    expect(plain).toEqual({
      code: 5,
      stdout: '',
      stderr: `statusctl: analysis ${id} is still pending (--exit-status)\nhint: poll again, or wait for it: statusctl rca get ${id} --wait\n`,
    });
    expect(json.code).toBe(5);
    expect(parseJson(json)).toMatchObject({ id, status: 'PENDING' });
    // Without the option, pending is exit 0 as before.
    expect(without.code).toBe(0);

    const ready = await startTestServer({ rcaDelayMs: 0 });
    const done = await runCli(['rca', 'request', group, '--wait'], { env: ready.env });
    expect(done.code, done.stderr).toBe(0);
    const doneId = (await runCli(['rca', 'request', group], { env: ready.env })).stdout.trim().split('\t')[2]!;
    const got = await runCli(['rca', 'get', doneId, '--exit-status', '--wait'], { env: ready.env });
    expect(got.code, got.stderr).toBe(0);
    const again = await runCli(['rca', 'get', doneId, '--exit-status'], { env: ready.env });
    expect(again.code, again.stderr).toBe(0);
  });
});
