// 50 concurrent clients adding and editing updates on the same few incidents: no write is
// lost, and each incident's lastUpdateStatus and duration agree with everything the clients
// were acknowledged. In memory and with --data (group commit), and again after a restart.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, incidentBody, startInProcess, tempDir } from './helpers.js';

const CLIENTS = 50;
const OPS_PER_CLIENT = 8;
const INCIDENTS = 3;
const STATUSES = ['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED'] as const;
const T0 = Date.parse('2025-03-01T00:00:00.000Z');

interface Content {
  description: string;
  status: string;
  publicIncidentUpdateDate: string;
}

/**
 * Every update gets a date no other update has, so "the latest update" is the same whatever
 * order the server stored them in (the tie rule depends on that order, unknown to clients).
 */
let nextSecond = 1;
const uniqueDate = () => new Date(T0 + nextSecond++ * 1000).toISOString();

/** The contract's rules (docs/api-rules.md#incidents-and-their-updates), from the acknowledged contents alone. */
function expectedSummary(updates: Content[]): { lastUpdateStatus: string; duration: number | null } {
  const byDate = [...updates].sort((a, b) => Date.parse(a.publicIncidentUpdateDate) - Date.parse(b.publicIncidentUpdateDate));
  const latest = byDate.at(-1)!;
  const earliest = byDate[0]!;
  return {
    lastUpdateStatus: latest.status,
    duration:
      latest.status === 'RESOLVED'
        ? Math.floor((Date.parse(latest.publicIncidentUpdateDate) - Date.parse(earliest.publicIncidentUpdateDate)) / 1000)
        : null,
  };
}

async function runLoad(url: string): Promise<Map<string, Map<string, Content>>> {
  // incident id -> update id -> acknowledged content
  const expected = new Map<string, Map<string, Content>>();
  for (let i = 0; i < INCIDENTS; i++) {
    const body = incidentBody(`Shared incident ${i}`);
    body.incidentUpdates[0] = { ...body.incidentUpdates[0]!, publicIncidentUpdateDate: uniqueDate() } as (typeof body.incidentUpdates)[0];
    const created = await call(url, 'POST', '/v1/status-pages/incidents', body);
    expect(created.status).toBe(201);
    const first = created.json.incidentUpdates[0];
    expected.set(
      created.json.id,
      new Map([
        [first.id, { description: first.description, status: first.status, publicIncidentUpdateDate: first.publicIncidentUpdateDate }],
      ]),
    );
  }
  const incidentIds = [...expected.keys()];

  const failures: string[] = [];
  const client = async (index: number) => {
    // Each client edits only the updates it added, so its last acknowledged edit is the content.
    const mine: { incidentId: string; updateId: string }[] = [];
    for (let op = 0; op < OPS_PER_CLIENT; op++) {
      const status = STATUSES[(index + op) % STATUSES.length]!;
      if (mine.length === 0 || op % 3 !== 2) {
        const incidentId = incidentIds[(index + op) % INCIDENTS]!;
        const body = { description: `client ${index} op ${op}`, status, publicIncidentUpdateDate: uniqueDate() };
        const result = await call(url, 'POST', `/v1/status-pages/incidents/${incidentId}/incident-updates`, body);
        if (result.status !== 200) {
          failures.push(`POST ${result.status} ${JSON.stringify(result.json)}`);
          continue;
        }
        expected.get(incidentId)!.set(result.json.id, {
          description: result.json.description,
          status: result.json.status,
          publicIncidentUpdateDate: result.json.publicIncidentUpdateDate,
        });
        mine.push({ incidentId, updateId: result.json.id });
      } else {
        const { incidentId, updateId } = mine[op % mine.length]!;
        const body = { description: `client ${index} op ${op} edited`, status, publicIncidentUpdateDate: uniqueDate() };
        const result = await call(url, 'PUT', `/v1/status-pages/incidents/${incidentId}/incident-updates/${updateId}`, body);
        if (result.status !== 200) {
          failures.push(`PUT ${result.status} ${JSON.stringify(result.json)}`);
          continue;
        }
        expected.get(incidentId)!.set(updateId, {
          description: result.json.description,
          status: result.json.status,
          publicIncidentUpdateDate: result.json.publicIncidentUpdateDate,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
  expect(failures).toEqual([]);
  return expected;
}

async function check(url: string, expected: Map<string, Map<string, Content>>): Promise<void> {
  for (const [incidentId, updates] of expected) {
    const incident = (await call(url, 'GET', `/v1/status-pages/incidents/${incidentId}`)).json;
    const served = new Map<string, Content>(
      incident.incidentUpdates.map((update: Content & { id: string }) => [
        update.id,
        { description: update.description, status: update.status, publicIncidentUpdateDate: update.publicIncidentUpdateDate },
      ]),
    );
    // No lost write, none invented, every content as acknowledged.
    expect(served).toEqual(updates);
    const summary = expectedSummary([...updates.values()]);
    expect({ lastUpdateStatus: incident.lastUpdateStatus, duration: incident.duration }).toEqual(summary);
  }
}

describe(`${CLIENTS} concurrent clients on ${INCIDENTS} incidents`, () => {
  it('in memory: no lost write; lastUpdateStatus and duration match what was acknowledged', async () => {
    const server = await startInProcess({});
    const expected = await runLoad(server.url);
    const total = [...expected.values()].reduce((sum, updates) => sum + updates.size, 0);
    expect(total).toBeGreaterThan(CLIENTS * 2);
    await check(server.url, expected);
  });

  it('with --data: the same, and again after a restart', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const server = await startInProcess({ dataPath });
    const expected = await runLoad(server.url);
    await check(server.url, expected);
    await server.close();
    const restarted = await startInProcess({ dataPath });
    await check(restarted.url, expected);
  });
});
