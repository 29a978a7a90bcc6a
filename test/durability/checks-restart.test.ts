// --data keeps the checks, their results and the rules' state (docs/api-rules.md#check-results):
// a server started again on the same file, replayed from its journal or from a compacted one,
// knows every check and result it acknowledged, per account.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../src/server/index.js';
import { ACCOUNT, OTHER_ACCOUNT, call, startInProcess, tempDir } from './helpers.js';

const NOW = Date.parse('2025-03-10T12:00:00.000Z');
const now = () => NOW;
const CHECK = '00000000-0000-4000-8000-00000000c4e1';

describe('checks across a restart', () => {
  for (const compacted of [false, true]) {
    it(`keep their results and error groups, per account (${compacted ? 'a compacted file' : 'the journal'})`, async () => {
      const dataPath = join(tempDir(), 'data.jsonl');
      const accounts = [ACCOUNT, OTHER_ACCOUNT];
      const first = await startInProcess({ dataPath, now, accounts });
      const body = { checkId: CHECK, name: 'Checkout API', checkType: 'API', tags: ['checkout'] };
      const passed = await call(first.url, 'POST', '/_reference/check-results', {
        ...body,
        outcome: 'passed',
        timestamp: '2025-03-10T11:00:00Z',
      });
      const failed = await call(first.url, 'POST', '/_reference/check-results', {
        checkId: CHECK,
        outcome: 'failed',
        errorMessage: 'Error: connect ECONNREFUSED 10.0.0.1:5432',
        timestamp: '2025-03-10T11:30:00Z',
      });
      expect([passed.status, failed.status]).toEqual([201, 201]);
      await first.close();
      if (compacted) {
        // Compacted when opened: the file then holds the snapshot, which the next start reads.
        const compacting = await startInProcess({ dataPath, now, accounts, compaction: { minBytes: 0, ratio: 1.001 } });
        await compacting.logged(/compacted from/);
        await compacting.close();
      }

      const second = await startInProcess({ dataPath, now, accounts });
      // Known: no name needed; the runs count on; the error lands in the same group.
      const again = await call(second.url, 'POST', '/_reference/check-results', {
        checkId: CHECK,
        outcome: 'failed',
        errorMessage: 'Error: connect ECONNREFUSED 10.0.0.2:5432',
      });
      expect(again.status, JSON.stringify(again.json)).toBe(201);
      expect(again.json).toMatchObject({ name: 'Checkout API', errorGroupIds: failed.json.errorGroupIds });
      expect(again.json.checkRunId).toBe(failed.json.checkRunId + 1);
      const groups = await call(second.url, 'GET', `/v1/error-groups/checks/${CHECK}`);
      expect(groups.json.map((group: any) => group.id)).toEqual(failed.json.errorGroupIds);
      // The other account never had it.
      const other = await call(second.url, 'POST', '/_reference/check-results', { checkId: CHECK, outcome: 'passed' }, OTHER_ACCOUNT.key);
      expect(other.status).toBe(400);
      await second.close();
    });
  }
});

describe('V3 subscribers and automation rules across a restart', () => {
  it('keep the subscribers, the rule, the incident it opened and its cool-down', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const ids = demoIds(ACCOUNT.id);
    const page = `/v3/status-pages/${ids.v3StatusPages.acmePlatform}`;
    const first = await startInProcess({ dataPath, now });
    const subscribed = await call(first.url, 'POST', `${page}/subscribers/bulk`, {
      subscriptions: [{ type: 'EMAIL', config: { address: 'kept@example.com', subscribedComponents: [ids.v3Components.restApi] } }],
    });
    expect(subscribed.status).toBe(201);
    const rule = await call(first.url, 'POST', `${page}/automation-rules`, {
      name: 'Kept rule',
      firstUpdate: 'down',
      lastUpdate: 'up',
      tags: ['kept'],
      coolDownWindowMinutes: 60,
      components: [{ componentId: ids.v3Components.restApi, targetImpact: 'MAJOR_OUTAGE' }],
    });
    expect(rule.status).toBe(201);
    const fail = { checkId: CHECK, name: 'Kept check', checkType: 'API', tags: ['kept'], outcome: 'failed' };
    expect((await call(first.url, 'POST', '/_reference/check-results', fail)).status).toBe(201);
    expect((await call(first.url, 'POST', '/_reference/check-results', { checkId: CHECK, outcome: 'passed' })).status).toBe(201);
    const fired = (await call(first.url, 'GET', `${page}/automation-rules/${rule.json.id}`)).json;
    expect(fired.incidentId).toEqual(expect.any(String));
    await first.close();

    const second = await startInProcess({ dataPath, now });
    const subscribers = (await call(second.url, 'GET', `${page}/subscribers?limit=1`)).json.entries;
    expect(subscribers).toEqual([
      expect.objectContaining({ address: 'kept@example.com', subscribedComponents: [ids.v3Components.restApi] }),
    ]);
    expect((await call(second.url, 'GET', `${page}/automation-rules/${rule.json.id}`)).json).toEqual(fired);
    // Still within its cool-down after the restart: a new failure opens nothing.
    expect((await call(second.url, 'POST', '/_reference/check-results', { checkId: CHECK, outcome: 'failed' })).status).toBe(201);
    expect((await call(second.url, 'GET', `${page}/automation-rules/${rule.json.id}`)).json.incidentId).toBe(fired.incidentId);
    await second.close();
  });
});
