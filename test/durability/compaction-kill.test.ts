// SIGKILL at each step of a compaction (published on the 'statusctl:data-file' diagnostics
// channel; a hook loaded into the server child kills it there), under write load: after the
// restart the file opens and every acknowledged write is there. Error events with long
// messages (one group per worker, overwritten) make the journal outgrow the default 1 MiB
// threshold in a few dozen requests; incident creates and update edits are what is checked.
// Each round's server first reads what the previous round acknowledged (reads write nothing,
// so they start no compaction), then is loaded until the hook kills it; one last server, given
// no step to die at, reads what the last round acknowledged and stops cleanly.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CompactionStep } from '../../src/server/persistence/compaction.js';
import { ACCOUNT, allIncidents, call, type ChildServer, incidentBody, startChild, tempDir } from './helpers.js';

const STEPS: CompactionStep[] = ['snapshot', 'temp-opened', 'snapshot-written', 'paused', 'temp-synced', 'renamed', 'dir-synced', 'done'];
const HOOK = pathToFileURL(join(import.meta.dirname, 'hooks', 'kill-at-step.mjs')).href;
const EDITORS = 3;
const FILLERS = 2;
/**
 * The longest message an error event takes is 10 000 characters; in a control character, which
 * the journal's JSON writes as a six-byte escape (\u0001), one event adds about 60 KB to the
 * file, so a round reaches a compaction in half as many requests as with any printable text.
 */
const FILLER_CHARS = 10_000;
const FILLER_CHAR = '\u0001';
/** Per worker and round: a bound on the loop if the kill never came (the round then fails). */
const MAX_OPS = 1500;

interface Expected {
  /** incident id -> name, acknowledged creates */
  incidents: Map<string, string>;
  /** update id -> its incident and the descriptions it may have: the acknowledged one, and one in flight */
  edits: Map<string, { incidentId: string; allowed: string[] }>;
}

/** Requests until the server dies (a network error); counts the acknowledged ones. */
async function load(url: string, round: number, expected: Expected): Promise<number> {
  let acked = 0;
  const loop = async (op: (n: number) => Promise<void>) => {
    for (let n = 0; n < MAX_OPS; n++) {
      try {
        await op(n);
        acked++;
      } catch (error) {
        if (error instanceof TypeError) return; // killed: this request's fate is unknown
        throw error;
      }
    }
  };
  const fillers = Array.from({ length: FILLERS }, (_, worker) =>
    loop(async (n) => {
      const rawErrorMessage = `Timeout in worker ${worker}: `.padEnd(FILLER_CHARS, FILLER_CHAR);
      const result = await call(url, 'POST', '/_reference/error-events', { checkId: `filler-${worker}`, rawErrorMessage });
      expect(result.status, `filler ${n}`).toBe(201);
    }),
  );
  const editors = [...expected.edits].slice(0, EDITORS).map(([updateId, entry], worker) =>
    loop(async (n) => {
      const description = `round ${round} editor ${worker} edit ${n}`;
      entry.allowed = [entry.allowed[0]!, description];
      const result = await call(url, 'PUT', `/v1/status-pages/incidents/${entry.incidentId}/incident-updates/${updateId}`, { description });
      expect(result.status).toBe(200);
      entry.allowed = [description];
    }),
  );
  const creator = loop(async (n) => {
    const name = `round ${round} create ${n}`;
    const result = await call(url, 'POST', '/v1/status-pages/incidents', incidentBody(name));
    expect(result.status).toBe(201);
    expected.incidents.set(result.json.id, name);
  });
  await Promise.all([...fillers, ...editors, creator]);
  return acked;
}

async function verify(url: string, expected: Expected): Promise<void> {
  const incidents = await allIncidents(url);
  for (const [id, name] of expected.incidents) expect(incidents.get(id)?.name, `incident ${id}`).toBe(name);
  for (const [updateId, { incidentId, allowed }] of expected.edits) {
    const update = incidents.get(incidentId)?.incidentUpdates.find((entry: { id: string }) => entry.id === updateId);
    expect(allowed, `update ${updateId}`).toContain(update?.description);
  }
}

/**
 * On a server restarted after a kill: a compaction the start made of a file left long is let
 * finish, no FILE.compact is left, and every write acknowledged before the kill is served.
 */
async function verifyRestarted(server: ChildServer, url: string, dataPath: string, expected: Expected): Promise<void> {
  await verify(url, expected);
  // Written by the hook before it says the first request came, if the start compacted.
  await server.stderrContains('test hook: first request');
  if (server.stderr().includes('test hook: compaction at start')) await server.stderrContains('compacted from');
  expect(existsSync(`${dataPath}.compact`)).toBe(false);
  expect(server.stderr()).not.toMatch(/^error/im);
}

describe('SIGKILL during compaction', () => {
  it(`at each of its ${STEPS.length} steps loses no acknowledged write and leaves a file that opens`, { timeout: 180_000 }, async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const args = ['--data', dataPath, '--account', `${ACCOUNT.id}:${ACCOUNT.key}`];
    const expected: Expected = { incidents: new Map(), edits: new Map() };

    for (const [round, step] of STEPS.entries()) {
      const server = startChild(args, undefined, { nodeArgs: ['--import', HOOK], env: { STATUSCTL_KILL_AT_STEP: step } });
      const url = await server.url;
      if (round === 0) {
        for (let i = 0; i < EDITORS; i++) {
          const created = await call(url, 'POST', '/v1/status-pages/incidents', incidentBody(`Edited ${i}`));
          expect(created.status).toBe(201);
          expected.incidents.set(created.json.id, created.json.name);
          expected.edits.set(created.json.incidentUpdates[0].id, {
            incidentId: created.json.id,
            allowed: [created.json.incidentUpdates[0].description],
          });
        }
      } else {
        await verifyRestarted(server, url, dataPath, expected);
      }
      const acked = await load(url, round, expected);
      const { signal } = await server.exited;
      expect(signal, `round ${round} (${step}): ${server.stderr()}`).toBe('SIGKILL');
      expect(server.stderr()).toContain(`test hook: killed at compaction step ${step}`);
      expect(acked).toBeGreaterThan(0);
      expect(server.stderr()).not.toMatch(/^error/im);
    }

    const check = startChild(args, undefined, { nodeArgs: ['--import', HOOK] });
    await verifyRestarted(check, await check.url, dataPath, expected);
    check.child.kill('SIGTERM');
    const exit = await check.exited;
    expect(exit.code, check.stderr()).toBe(0);
  });
});
