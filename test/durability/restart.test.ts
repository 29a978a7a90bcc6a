// --data: what a server acknowledged is there after a restart on the same file, for every
// kind of change; without --data nothing is written.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededId } from '../../src/server/fixtures/ids.js';
import { demoIds } from '../../src/server/index.js';
import { ACCOUNT, OTHER_ACCOUNT, call, incidentBody, startChild, startInProcess, tempDir } from './helpers.js';

/** A fixed clock: both servers see the same "now", so default windows and dates agree. */
const NOW = Date.parse('2025-03-10T12:00:00.000Z');
const now = () => NOW;

async function waitForAnalysis(url: string, id: string): Promise<any> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const result = await call(url, 'GET', `/v1/root-cause-analyses/${id}`);
    if (result.status === 200) return result.json;
    expect(result.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`analysis ${id} still pending after 200 polls`);
}

describe('restart on the same data file', () => {
  it('keeps incidents and updates, error group archive state, heartbeat events and analyses', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const first = await startInProcess({ dataPath, now });
    const url = first.url;

    const incident = await call(url, 'POST', '/v1/status-pages/incidents', incidentBody('Checkout down'));
    expect(incident.status).toBe(201);
    const incidentId = incident.json.id as string;
    const firstUpdateId = incident.json.incidentUpdates[0].id as string;
    const base = `/v1/status-pages/incidents/${incidentId}/incident-updates`;
    expect(
      (
        await call(url, 'POST', base, {
          description: 'Rolled back',
          status: 'MONITORING',
          publicIncidentUpdateDate: '2025-03-10T11:00:00Z',
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(url, 'PUT', `${base}/${firstUpdateId}`, { description: 'Edited', publicIncidentUpdateDate: '2025-03-10T10:00:00Z' }))
        .status,
    ).toBe(200);
    expect(
      (await call(url, 'POST', base, { description: 'Healthy', status: 'RESOLVED', publicIncidentUpdateDate: '2025-03-10T11:30:00Z' }))
        .status,
    ).toBe(200);

    // Two groups: one archived for ever, one until the next event.
    const forever = await call(url, 'POST', '/_reference/error-events', {
      checkId: 'durable-check',
      rawErrorMessage: 'Error: connect ECONNREFUSED 10.0.0.1:5432',
    });
    const untilNext = await call(url, 'POST', '/_reference/error-events', {
      checkId: 'durable-check',
      rawErrorMessage: 'TimeoutError: waited 30000 ms',
    });
    expect(forever.status).toBe(201);
    expect((await call(url, 'PATCH', `/v1/error-groups/${forever.json.id}`, { archiveForEver: true })).status).toBe(200);
    expect((await call(url, 'PATCH', `/v1/error-groups/${untilNext.json.id}`, { archivedUntilNextEvent: true })).status).toBe(200);
    const requested = await call(url, 'POST', `/v1/root-cause-analyses/test-session-error-groups/${forever.json.id}`, {
      userContext: 'after the deploy',
    });
    expect(requested.status).toBe(202);
    const analysis = await waitForAnalysis(url, requested.json.id);

    for (const state of ['RECEIVED', 'LATE', 'RECEIVED'] as const) {
      expect(
        (
          await call(url, 'POST', '/_reference/heartbeats/00000000-0000-4000-8000-0000000000f5/events', {
            state,
            timestamp: '2025-03-10T09:00:00Z',
          })
        ).status,
      ).toBe(201);
    }

    const reads = [
      `/v1/status-pages/incidents/${incidentId}`,
      '/v1/status-pages/incidents?limit=100',
      '/v1/status-pages?limit=100',
      `/v1/root-cause-analyses/${requested.json.id}`,
      '/v1/checks/heartbeats/00000000-0000-4000-8000-0000000000f5/availability?startTime=2025-03-10&endTime=2025-03-10',
      `/v1/checks/heartbeats/${demoIds(ACCOUNT.id).heartbeatChecks.nightlyBackup}/availability`,
    ];
    const before = await Promise.all(reads.map((path) => call(url, 'GET', path)));
    const resolved = before[0]!.json;
    expect(resolved.lastUpdateStatus).toBe('RESOLVED');
    expect(resolved.duration).toBe(90 * 60);
    await first.close();

    const second = await startInProcess({ dataPath, now });
    expect(second.logs.some((line) => /replayed \d+ records/.test(line))).toBe(true);
    const after = await Promise.all(reads.map((path) => call(second.url, 'GET', path)));
    for (const [index, path] of reads.entries()) {
      expect(after[index]!.status, path).toBe(before[index]!.status);
      expect(after[index]!.json, path).toEqual(before[index]!.json);
    }
    expect(after[3]!.json).toEqual(analysis);

    // Archive state: a new event leaves the FOREVER group archived and unarchives the other.
    const foreverAgain = await call(second.url, 'POST', '/_reference/error-events', {
      checkId: 'durable-check',
      rawErrorMessage: 'Error: connect ECONNREFUSED 10.0.0.2:5432',
    });
    expect(foreverAgain.json.id).toBe(forever.json.id);
    expect(foreverAgain.json.archivedUntilNextEvent).toBe(true);
    expect(foreverAgain.json.rootCauseAnalyses).toEqual([analysis]);
    const untilNextAgain = await call(second.url, 'POST', '/_reference/error-events', {
      checkId: 'durable-check',
      rawErrorMessage: 'TimeoutError: waited 31000 ms',
    });
    expect(untilNextAgain.json.id).toBe(untilNext.json.id);
    expect(untilNextAgain.json.archivedUntilNextEvent).toBe(false);
  });

  it('re-runs an analysis that was still PENDING when the server stopped', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const first = await startInProcess({ dataPath, now, rcaDelayMs: 600_000 });
    const requested = await call(
      first.url,
      'POST',
      `/v1/root-cause-analyses/test-session-error-groups/${demoIds(ACCOUNT.id).errorGroups.postgresRefused}`,
    );
    expect(requested.status).toBe(202);
    await first.close();

    const second = await startInProcess({ dataPath, now, rcaDelayMs: 5 });
    const done = await waitForAnalysis(second.url, requested.json.id);
    expect(done).toMatchObject({
      id: requested.json.id,
      status: 'COMPLETED',
      errorGroupId: demoIds(ACCOUNT.id).errorGroups.postgresRefused,
    });
    await second.close();

    // The completion was journaled too: a third start has it without generating it again.
    const third = await startInProcess({ dataPath, now, rcaDelayMs: 600_000 });
    expect(await call(third.url, 'GET', `/v1/root-cause-analyses/${requested.json.id}`)).toEqual({ status: 200, json: done });
  });

  it('serves the generated account again (same id and key) when no --account is given', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const first = await startInProcess({ dataPath, accounts: [] });
    const [account] = first.accounts;
    const created = await call(
      first.url,
      'POST',
      '/v1/status-pages/incidents',
      incidentBody('Generated account', undefined, account!.id),
      account!.key,
    );
    expect(created.status).toBe(201);
    await first.close();
    // The generated key is kept in the file (so it must not be world-readable).
    expect(readFileSync(dataPath, 'utf8')).toContain(account!.key);
    if (process.platform !== 'win32') expect((await import('node:fs')).statSync(dataPath).mode & 0o077).toBe(0);

    const second = await startInProcess({ dataPath, accounts: [] });
    expect(second.accounts).toEqual([account]);
    expect((await call(second.url, 'GET', `/v1/status-pages/incidents/${created.json.id}`, undefined, account!.key)).json).toEqual(
      created.json,
    );
  });

  it('the file is the truth: an account in it keeps its data whatever --fixtures says; a new account is seeded', async () => {
    const dir = tempDir();
    const dataPath = join(dir, 'data.jsonl');
    const fixturesPath = join(dir, 'fixtures.json');
    writeFileSync(fixturesPath, JSON.stringify({ services: [{ id: 'svc-only', name: 'Only' }] }));
    const first = await startInProcess({ dataPath });
    const demoIncidents = (await call(first.url, 'GET', '/v1/status-pages/incidents?limit=100')).json;
    await first.close();

    const second = await startInProcess({ dataPath, fixturesPath, accounts: [ACCOUNT, OTHER_ACCOUNT] });
    expect((await call(second.url, 'GET', '/v1/status-pages/incidents?limit=100')).json).toEqual(demoIncidents);
    expect(second.logs.some((line) => line.includes(`account ${ACCOUNT.id} keeps its data from the file`))).toBe(true);
    // The new account got the fixtures (no incidents, its one service).
    const other = await call(second.url, 'GET', '/v1/status-pages/incidents', undefined, OTHER_ACCOUNT.key);
    expect(other.json.entries).toEqual([]);
    const onlyService = await call(
      second.url,
      'POST',
      '/v1/status-pages/incidents',
      {
        ...incidentBody('x'),
        services: [{ id: seededId(OTHER_ACCOUNT.id, 'service', 'svc-only'), name: 'Only', accountId: OTHER_ACCOUNT.id }],
      },
      OTHER_ACCOUNT.key,
    );
    expect(onlyService.status).toBe(201);
    await second.close();

    // Started again with ACCOUNT only: OTHER_ACCOUNT's data stays in the file, named in the log.
    const third = await startInProcess({ dataPath });
    expect(third.logs.some((line) => line.includes(`also holds account(s) ${OTHER_ACCOUNT.id}`))).toBe(true);
    await third.close();
    const fourth = await startInProcess({ dataPath, accounts: [OTHER_ACCOUNT] });
    expect((await call(fourth.url, 'GET', `/v1/status-pages/incidents/${onlyService.json.id}`, undefined, OTHER_ACCOUNT.key)).json).toEqual(
      onlyService.json,
    );
  });

  it('a write is in the file when its answer arrives', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const server = await startInProcess({ dataPath });
    for (let i = 0; i < 5; i++) {
      const created = await call(server.url, 'POST', '/v1/status-pages/incidents', incidentBody(`Written ${i}`));
      expect(created.status).toBe(201);
      expect(readFileSync(dataPath, 'utf8')).toContain(created.json.id);
    }
  });
});

describe('statusctl server process and the data file', () => {
  it('SIGTERM finishes, releases the lock and exits 0; the next start has the data', async () => {
    const dir = tempDir();
    const dataPath = join(dir, 'data.jsonl');
    const args = ['--data', dataPath, '--account', `${ACCOUNT.id}:${ACCOUNT.key}`];
    const first = startChild(args);
    const url = await first.url;
    // Writes in flight when the signal arrives are finished (and synced) before the exit: the
    // signal goes once the first of ten concurrent creates is answered, the others sent.
    const writes = Array.from({ length: 10 }, (_, i) => call(url, 'POST', '/v1/status-pages/incidents', incidentBody(`In flight ${i}`)));
    const answered = writes.map((write) => write.catch(() => undefined));
    await Promise.race(answered);
    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(`${dataPath}.lock`)).toBe(false);
    const acknowledged = (await Promise.all(answered)).filter((result) => result?.status === 201);
    expect(acknowledged.length).toBeGreaterThan(0);

    const second = startChild(args);
    const url2 = await second.url;
    for (const created of acknowledged) {
      expect((await call(url2, 'GET', `/v1/status-pages/incidents/${created!.json.id}`)).json).toEqual(created!.json);
    }
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  });

  it('without --data writes no file', async () => {
    const dir = tempDir();
    const server = startChild(['--account', `${ACCOUNT.id}:${ACCOUNT.key}`], dir);
    const url = await server.url;
    expect((await call(url, 'POST', '/v1/status-pages/incidents', incidentBody('Ephemeral'))).status).toBe(201);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('restart on the same data file: edits, deletes, subscriptions, notifications', () => {
  it('serves after the restart what was acknowledged before it, and a data file written before these changes still opens', async () => {
    const dataPath = join(tempDir(), 'data.jsonl');
    const first = await startInProcess({ dataPath, now });
    const url = first.url;
    const ids = demoIds(ACCOUNT.id);
    const page = (await call(url, 'GET', `/v1/status-pages/${ids.statusPages.acmeCloud}`)).json;
    const webApp = page.cards[0].services.find((service: { id: string }) => service.id === ids.services.webApp);
    const auth = page.cards[0].services.find((service: { id: string }) => service.id === ids.services.auth);

    const subscribed = await call(url, 'POST', `/v1/status-pages/${page.id}/subscriptions/bulk`, {
      subscriptions: [
        { type: 'EMAIL', config: 'kept@example.com' },
        { type: 'EMAIL', config: 'removed@example.com' },
        { type: 'EMAIL', config: 'verified-later@example.com' },
      ],
    });
    expect(subscribed.status).toBe(201);
    const subscriptions = (await call(url, 'GET', `/v1/status-pages/${page.id}/subscriptions`)).json as { id: string; address: string }[];
    const byAddress = (address: string) => subscriptions.find((s) => s.address === address)!.id;
    expect((await call(url, 'DELETE', `/v1/status-pages/${page.id}/subscriptions/${byAddress('removed@example.com')}`)).status).toBe(204);
    const verify = `/_reference/status-pages/${page.id}/subscriptions/${byAddress('verified-later@example.com')}/verify`;
    expect((await call(url, 'POST', verify)).status).toBe(200);

    const edited = await call(url, 'POST', '/v1/status-pages/incidents', {
      ...incidentBody('Typo in teh name'),
      incidentUpdates: [{ description: 'Down', publicIncidentUpdateDate: '2025-03-10T09:00:00Z', notifySubscribers: true }],
    });
    const removedUpdate = await call(url, 'POST', `/v1/status-pages/incidents/${edited.json.id}/incident-updates`, {
      description: 'Resolved by mistake',
      status: 'RESOLVED',
      publicIncidentUpdateDate: '2025-03-10T10:00:00Z',
    });
    const put = await call(url, 'PUT', `/v1/status-pages/incidents/${edited.json.id}`, {
      name: 'Typo in the name',
      severity: 'CRITICAL',
      services: [webApp, auth].map(({ id, name, accountId }) => ({ id, name, accountId })),
    });
    expect(put.status).toBe(200);
    expect(
      (await call(url, 'DELETE', `/v1/status-pages/incidents/${edited.json.id}/incident-updates/${removedUpdate.json.id}`)).status,
    ).toBe(204);
    const deleted = await call(url, 'POST', '/v1/status-pages/incidents', incidentBody('Declared by mistake'));
    expect((await call(url, 'DELETE', `/v1/status-pages/incidents/${deleted.json.id}`)).status).toBe(204);
    const ping = await call(url, 'POST', '/_reference/heartbeats/00000000-0000-4000-8000-0000000000f5/events', {
      state: 'RECEIVED',
      timestamp: '2025-03-10T11:00:00Z',
    });

    const reads = [
      `/v1/status-pages/incidents/${edited.json.id}`,
      `/v1/status-pages/incidents/${edited.json.id}/incident-updates`,
      `/v1/status-pages/incidents/${deleted.json.id}`,
      '/v1/status-pages/incidents?limit=3',
      `/v1/status-pages/${page.id}`,
      `/v1/status-pages/${page.id}/subscriptions`,
      '/v1/status-pages/services?limit=100',
      '/_reference/notifications',
      '/v1/error-groups?limit=100',
      `/v1/checks/heartbeats/00000000-0000-4000-8000-0000000000f5/events/${ping.json.id}`,
      `/v1/checks/heartbeats/${ids.heartbeatChecks.searchReindex}/events`,
    ];
    const before = await Promise.all(reads.map((path) => call(url, 'GET', path)));
    expect(before[0]!.json).toMatchObject({ name: 'Typo in the name', severity: 'CRITICAL', lastUpdateStatus: 'INVESTIGATING' });
    expect(before[2]!.status).toBe(404);
    expect(before[7]!.json.length).toBeGreaterThan(0);
    expect(before[5]!.json.map((s: { address: string }) => s.address)).not.toContain('removed@example.com');
    const nextPage = `/v1/status-pages/incidents?limit=3&nextId=${encodeURIComponent(before[3]!.json.nextId)}`;
    const pageTwo = await call(url, 'GET', nextPage);
    expect(pageTwo.status).toBe(200);
    await first.close();

    const second = await startInProcess({ dataPath, now });
    const after = await Promise.all(reads.map((path) => call(second.url, 'GET', path)));
    for (const [index, path] of reads.entries()) expect(after[index], path).toEqual(before[index]);
    // The list's cursor still means the same place after the restart (the deleted incident keeps its place).
    expect(await call(second.url, 'GET', nextPage)).toEqual(pageTwo);
    await second.close();
  });
});
