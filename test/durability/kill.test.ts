// kill -9 under write load, several rounds on one data file: every write the server
// acknowledged (a 2xx reached the client) is there after the restart, with its content.
// A write in flight at the kill may or may not be there, but nothing else may differ.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT, allIncidents, call, incidentBody, killHard, startChild, tempDir, type ChildServer } from './helpers.js';

const ROUNDS = 5;
const WORKERS = 8;
/** Per worker and round: a bound on the loop even if the kill came late. */
const MAX_OPS = 150;
const BEAT_TIME = '2025-01-01T06:00:00.000Z';

interface UpdateContent {
  description: string;
  status: string;
  publicIncidentUpdateDate: string;
  notifySubscribers: boolean;
}

/** What the clients were told, across all rounds. */
interface Expected {
  /** incident id -> its name */
  incidents: Map<string, string>;
  /** update id -> incident id and the contents it may have (the acknowledged one first). */
  updates: Map<string, { incidentId: string; allowed: UpdateContent[] }>;
  /** heartbeat check -> acknowledged events, and events whose answer never came. */
  beats: Map<string, { acked: number; uncertain: number }>;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const content = (update: UpdateContent): UpdateContent => ({
  description: update.description,
  status: update.status,
  publicIncidentUpdateDate: update.publicIncidentUpdateDate,
  notifySubscribers: update.notifySubscribers,
});

/** One client: its own incidents (so the last acknowledged edit of an update is well defined). */
async function worker(url: string, round: number, index: number, expected: Expected, acked: { count: number }): Promise<void> {
  const own: string[] = [];
  const ownUpdates: string[] = [];
  const check = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  const beats = expected.beats.get(check) ?? { acked: 0, uncertain: 0 };
  expected.beats.set(check, beats);
  for (let op = 0; op < MAX_OPS; op++) {
    const roll = Math.random();
    try {
      if (own.length === 0 || roll < 0.2) {
        const name = `r${round} w${index} op${op}`;
        const result = await call(url, 'POST', '/v1/status-pages/incidents', incidentBody(name));
        expect(result.status).toBe(201);
        expected.incidents.set(result.json.id, name);
        own.push(result.json.id);
        expected.updates.set(result.json.incidentUpdates[0].id, {
          incidentId: result.json.id,
          allowed: [content(result.json.incidentUpdates[0])],
        });
        ownUpdates.push(result.json.incidentUpdates[0].id);
      } else if (roll < 0.6) {
        const incidentId = pick(own);
        const body = {
          description: `r${round} w${index} op${op} added`,
          status: pick(['MONITORING', 'RESOLVED', 'IDENTIFIED']),
          notifySubscribers: op % 2 === 0,
        };
        const result = await call(url, 'POST', `/v1/status-pages/incidents/${incidentId}/incident-updates`, body);
        expect(result.status).toBe(200);
        expected.updates.set(result.json.id, { incidentId, allowed: [content(result.json)] });
        ownUpdates.push(result.json.id);
      } else if (roll < 0.9) {
        const updateId = pick(ownUpdates);
        const entry = expected.updates.get(updateId)!;
        const body = { description: `r${round} w${index} op${op} edited`, status: pick(['INVESTIGATING', 'RESOLVED']) };
        // Until the answer arrives, both the old and the new content are possible.
        const previous = entry.allowed[0]!;
        entry.allowed = [previous, { ...previous, ...body }];
        const result = await call(url, 'PUT', `/v1/status-pages/incidents/${entry.incidentId}/incident-updates/${updateId}`, body);
        expect(result.status).toBe(200);
        entry.allowed = [content(result.json)];
      } else {
        beats.uncertain++;
        const result = await call(url, 'POST', `/_reference/heartbeats/${check}/events`, { state: 'RECEIVED', timestamp: BEAT_TIME });
        expect(result.status).toBe(201);
        beats.uncertain--;
        beats.acked++;
      }
      acked.count++;
    } catch (error) {
      // The server was killed: this request's fate is unknown, and the worker stops.
      if (error instanceof TypeError) return;
      throw error;
    }
  }
}

/** Everything ever acknowledged is served, with its content. */
async function verify(url: string, expected: Expected): Promise<void> {
  const incidents = await allIncidents(url);
  for (const [id, name] of expected.incidents) expect(incidents.get(id)?.name, `incident ${id}`).toBe(name);
  for (const [updateId, { incidentId, allowed }] of expected.updates) {
    const stored = incidents.get(incidentId)?.incidentUpdates.find((update: { id: string }) => update.id === updateId);
    expect(stored, `update ${updateId}`).toBeDefined();
    expect(allowed, `update ${updateId}`).toContainEqual(content(stored));
  }
  for (const [check, { acked, uncertain }] of expected.beats) {
    if (acked === 0) continue;
    const result = await call(url, 'GET', `/v1/checks/heartbeats/${check}/availability?startTime=2025-01-01&endTime=2025-01-01`);
    expect(result.status, check).toBe(200);
    const total = result.json.totalEntitiesCurrentPeriod as number;
    expect(total).toBeGreaterThanOrEqual(acked);
    expect(total).toBeLessThanOrEqual(acked + uncertain);
  }
}

describe('kill -9 under write load', () => {
  it(`loses no acknowledged write over ${ROUNDS} kill/restart rounds`, { timeout: 120_000 }, async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const args = ['--data', dataPath, '--account', `${ACCOUNT.id}:${ACCOUNT.key}`];
    const expected: Expected = { incidents: new Map(), updates: new Map(), beats: new Map() };
    let totalAcked = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const server: ChildServer = startChild(args);
      const url = await server.url;
      await verify(url, expected);

      // Kill after a random number of acknowledged writes (not after a time: no wall clock).
      const acked = { count: 0 };
      const killAfter = 20 + Math.floor(Math.random() * 150);
      const workers = Array.from({ length: WORKERS }, (_, index) => worker(url, round, index, expected, acked));
      const allDone = Promise.all(workers);
      for (let wait = 0; wait < 2000 && acked.count < killAfter; wait++) {
        const finished = await Promise.race([
          allDone.then(() => true),
          new Promise<false>((resolve) => setTimeout(() => resolve(false), 5)),
        ]);
        if (finished) break;
      }
      await killHard(server);
      await allDone;
      // Every error the server logs starts its line with "error" (the demo-data hint names an error group).
      expect(server.stderr()).not.toMatch(/^error/im);
      totalAcked += acked.count;
    }

    const last = startChild(args);
    await verify(await last.url, expected);
    last.child.kill('SIGTERM');
    expect((await last.exited).code).toBe(0);
    expect(totalAcked).toBeGreaterThan(ROUNDS * 20 - 1);
  });
});
