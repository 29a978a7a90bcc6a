// `incident-updates list|get|put|delete` on an incident of a V3 status page, through the built
// binary against the reference server's demo data (its V3 page "Acme Platform"): the same
// commands, short ids, formats and checks as on a v2 incident, each request sent to the page's
// own routes, and the last update of a V3 incident kept, as the API keeps it.
import { describe, expect, it, vi } from 'vitest';
import type { IncidentUpdate } from '../../src/contract/schemas.js';
import { startFaultRelay } from '../support/fault-relay.js';
import { KEYS, parseJson, runCli, runPty, useTestServer } from './helpers.js';
import { postV3 } from './v3-incidents-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();
const cli = (args: string[], input?: string) => runCli(args, { env: test.server.env, ...(input !== undefined ? { input } : {}) });

/**
 * The PUTs and DELETEs the server has logged since `from` (its access log: one line a request,
 * written as an answer ends, so the setup's POSTs may come after `from`: they are left out).
 */
const writesSince = (from: number) => test.server.logs.slice(from).filter((line) => /\b(PUT|DELETE) \//.test(line));

const newestFirst = (updates: IncidentUpdate[]) =>
  [...updates].sort((a, b) => Date.parse(b.publicIncidentUpdateDate) - Date.parse(a.publicIncidentUpdateDate));

describe('incident-updates list and get on a V3 incident', () => {
  it('list: newest first, piped as for a v2 incident; -o json is the API answer; -o md a table; a short id of the incident', async () => {
    const made = await postV3(test.server, 'Webhooks delayed', [
      { status: 'IDENTIFIED', description: 'A stuck queue.' },
      { status: 'MONITORING', description: 'Queue drained.' },
    ]);
    const newest = newestFirst(made.incident.incidentUpdates);
    const piped = await cli(['incident-updates', 'list', made.id.slice(0, 8)]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.trimEnd().split('\n')).toEqual(
      newest.map((u) => [u.id, u.publicIncidentUpdateDate, u.status, u.notifySubscribers ? 'yes' : 'no', u.description].join('\t')),
    );
    const json = await cli(['incident-updates', 'list', made.id, '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    expect(parseJson(json)).toEqual((await test.server.call('GET', made.updates)).json);
    const md = await cli(['incident-updates', 'list', made.id, '-o', 'md']);
    expect(md.stdout).toMatch(/^\| ID +\| TIME +\| STATUS +\| NOTIFY +\| DESCRIPTION +\|\n/i);
    expect(md.stdout).toContain(`\`${newest[0]!.id}\``);
  });

  it('get: an update by a short id, on the page; the record as for a v2 update; -o json the API answer', async () => {
    const made = await postV3(test.server, 'Dashboard slow', [{ status: 'IDENTIFIED', description: 'A slow query.' }]);
    const update = made.incident.incidentUpdates.find((u) => u.status === 'IDENTIFIED')!;
    const got = await cli(['incident-updates', 'get', made.id, update.id.slice(0, 8)]);
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toBe(
      [
        `id\t${update.id}`,
        `incident\t${made.id}`,
        'status\tIDENTIFIED',
        'description\tA slow query.',
        `time\t${update.publicIncidentUpdateDate}`,
        'notify\tno',
        '',
      ].join('\n'),
    );
    const json = await cli(['incident-updates', 'get', made.id.slice(0, 8), update.id, '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    expect(parseJson(json)).toEqual((await test.server.call('GET', `${made.updates}/${update.id}`)).json);
  });

  it('an update prefix that fits none is exit 4 with the closest; an unknown update id is the API 404', async () => {
    const made = await postV3(test.server, 'Status API errors');
    const [only] = made.incident.incidentUpdates;
    const typo = `${only!.id.slice(0, 7)}${only!.id[7] === '0' ? '1' : '0'}`;
    const near = await cli(['incident-updates', 'get', made.id, typo]);
    expect(near.code).toBe(4);
    expect(near.stderr).toContain(`incident ${made.id} has no update whose id starts with "${typo}" (did you mean`);
    const unknown = await cli(['incident-updates', 'get', made.id, '00000000-0000-4000-8000-0000000000ff']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toMatch(/^statusctl: 404 /);
  });
});

describe('incident-updates put on a V3 incident', () => {
  it('changes what is given and keeps the rest, on the page; the first update of several too', async () => {
    const made = await postV3(test.server, 'Search down', [{ status: 'IDENTIFIED', description: 'An index rebuild.' }]);
    const first = made.incident.incidentUpdates.find((u) => u.status === 'INVESTIGATING')!;
    const from = test.server.logs.length;
    const put = await cli([
      'incident-updates',
      'put',
      made.id.slice(0, 8),
      first.id.slice(0, 8),
      '--message',
      'Search is down.',
      '-o',
      'json',
    ]);
    expect(put.code, put.stderr).toBe(0);
    expect(parseJson(put)).toEqual({ ...first, description: 'Search is down.' });
    await test.server.logged(/PUT \/v3\//);
    expect(writesSince(from).map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([`PUT ${made.updates}/${first.id}`]);

    const latest = made.incident.incidentUpdates.find((u) => u.status === 'IDENTIFIED')!;
    const resolved = await cli(['incident-updates', 'put', made.id, latest.id, '--status', 'resolved', '--notify']);
    expect(resolved.code, resolved.stderr).toBe(0);
    expect(resolved.stdout).toMatch(/^status\tRESOLVED$/m);
    expect(resolved.stdout).toMatch(/^notify\tyes$/m);
    const after = await made.read();
    expect(after.lastUpdateStatus).toBe('RESOLVED');
    expect(after.incidentUpdates.find((u) => u.id === latest.id)).toMatchObject({
      description: 'An index rebuild.',
      publicIncidentUpdateDate: latest.publicIncidentUpdateDate,
    });
  });

  it('an incident with one update: --date moves it later, its own date is taken back, an earlier one is the API 400', async () => {
    const made = await postV3(test.server, 'Login slow');
    const [only] = made.incident.incidentUpdates;
    const put = await cli(['incident-updates', 'put', made.id, only!.id, '--date', '2025-03-10T10:30:00Z', '-o', 'json']);
    expect(put.code, put.stderr).toBe(0);
    expect(parseJson<IncidentUpdate>(put).publicIncidentUpdateDate).toBe('2025-03-10T10:30:00.000Z');
    const same = await cli(['incident-updates', 'put', made.id, only!.id, '--message', 'Logins take a minute.']);
    expect(same.code, same.stderr).toBe(0);
    const earlier = await cli(['incident-updates', 'put', made.id, only!.id, '--date', '2025-03-10T09:30:00Z']);
    expect(earlier.code).toBe(1);
    expect(earlier.stderr).toMatch(/^statusctl: 400 .*publicIncidentUpdateDate: must not be before the incident's first update/m);
  });

  it('--dry-run prints the whole PUT to the page and sends nothing; a future --date is exit 2 before any request', async () => {
    const made = await postV3(test.server, 'Exports stuck');
    const [only] = made.incident.incidentUpdates;
    const from = test.server.logs.length;
    const dry = await cli(['incident-updates', 'put', made.id, only!.id, '--status', 'identified', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(parseJson(dry)).toEqual({
      method: 'PUT',
      path: `${made.updates}/${only!.id}`,
      body: {
        description: only!.description,
        status: 'IDENTIFIED',
        notifySubscribers: only!.notifySubscribers,
        publicIncidentUpdateDate: only!.publicIncidentUpdateDate,
      },
    });
    const future = await cli(['incident-updates', 'put', made.id, only!.id, '--date', new Date(Date.now() + 86_400_000).toISOString()]);
    expect(future.code).toBe(2);
    expect(future.stderr).toMatch(/^statusctl: option '--date' .* is in the future/m);
    expect(writesSince(from)).toEqual([]);
    expect((await made.read()).incidentUpdates).toEqual(made.incident.incidentUpdates);
  });
});

describe('incident-updates delete on a V3 incident', () => {
  it('--yes deletes it on the page; the incident takes its status from the updates left; -o json is the update as read', async () => {
    const made = await postV3(test.server, 'Billing errors', [
      { status: 'IDENTIFIED', description: 'A bad deploy.' },
      { status: 'MONITORING', description: 'Posted to the wrong incident.' },
    ]);
    const wrong = made.incident.incidentUpdates.find((u) => u.status === 'MONITORING')!;
    const result = await cli(['incident-updates', 'delete', made.id.slice(0, 8), wrong.id.slice(0, 8), '--yes', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result)).toEqual(wrong);
    const after = await made.read();
    expect(after.incidentUpdates.map((u) => u.id)).not.toContain(wrong.id);
    expect(after.lastUpdateStatus).toBe('IDENTIFIED');
  });

  it('not on a terminal without --yes: exit 2 naming --yes; --dry-run prints the DELETE on the page; nothing is sent', async () => {
    const made = await postV3(test.server, 'Uploads failing', [{ status: 'IDENTIFIED', description: 'A full disk.' }]);
    const update = made.incident.incidentUpdates.find((u) => u.status === 'IDENTIFIED')!;
    const from = test.server.logs.length;
    const refused = await cli(['incident-updates', 'delete', made.id, update.id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('needs --yes when not on a terminal');
    const dry = await cli(['incident-updates', 'delete', made.id, update.id, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(`DELETE ${made.updates}/${update.id}\n`);
    expect(dry.stderr).toContain(`would delete update ${update.id} of incident ${made.id} (Uploads failing)`);
    expect(writesSince(from)).toEqual([]);
  });

  it('the last update is kept: said before anything is asked or sent, with what to do instead, in a dry run too', async () => {
    const made = await postV3(test.server, 'Maps blank');
    const [only] = made.incident.incidentUpdates;
    const from = test.server.logs.length;
    for (const extra of [['--yes'], ['--dry-run']]) {
      const result = await cli(['incident-updates', 'delete', made.id, only!.id, ...extra]);
      expect(result.code, extra.join()).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        new RegExp(`^statusctl: update ${only!.id} is the only update of incident ${made.id} \\(Maps blank\\)`, 'm'),
      );
      expect(result.stderr).toMatch(new RegExp(`^hint: post the right update first .*statusctl incidents delete ${made.id}`, 'm'));
    }
    const session = await runPty(['incident-updates', 'delete', made.id, only!.id], { env: test.server.env });
    await session.waitFor('is the only update');
    expect(await session.exited()).toBe(2);
    expect(session.screen()).not.toContain('Delete this update?');
    expect(writesSince(from)).toEqual([]);
    expect((await made.read()).incidentUpdates).toHaveLength(1);
  });

  it('on a terminal: shows the update and its page, and asks; yes deletes it', async () => {
    const made = await postV3(test.server, 'Chat offline', [{ status: 'IDENTIFIED', description: 'Wrong incident, sorry.' }]);
    const update = made.incident.incidentUpdates.find((u) => u.status === 'IDENTIFIED')!;
    const session = await runPty(['incident-updates', 'delete', made.id, update.id], { env: test.server.env });
    await session.waitFor(`About to delete an update of incident ${made.id} (Chat offline), on status page Acme Platform`);
    await session.waitFor('IDENTIFIED: Wrong incident, sorry.');
    await session.waitFor('1 update would be left');
    await session.waitFor('Delete this update? (y/N)');
    session.write(`y${KEYS.enter}`);
    await session.waitFor('Deleted update');
    expect(await session.exited()).toBe(0);
    expect((await made.read()).incidentUpdates.map((u) => u.id)).not.toContain(update.id);
  });

  it('on a terminal, the RESOLVED update that closed it: says that its impacts stay ended; no keeps it', async () => {
    const made = await postV3(test.server, 'Feeds stale', [{ status: 'RESOLVED', description: 'Feeds fresh again.' }]);
    const update = made.incident.incidentUpdates.find((u) => u.status === 'RESOLVED')!;
    const session = await runPty(['incident-updates', 'delete', made.id, update.id], { env: test.server.env });
    await session.waitFor("If that reopens it, the components' impacts its resolving ended stay ended");
    await session.waitFor('Delete this update? (y/N)');
    session.write(`n${KEYS.enter}`);
    expect(await session.exited()).toBe(2);
    expect((await made.read()).incidentUpdates).toHaveLength(2);
  });

  it('an answer lost after the delete was applied: sent again, and the 404 to the repeat is reported deleted', async () => {
    const made = await postV3(test.server, 'Mail delayed', [{ status: 'IDENTIFIED', description: 'Posted twice.' }]);
    const update = made.incident.incidentUpdates.find((u) => u.status === 'IDENTIFIED')!;
    const relay = await startFaultRelay(test.server.url);
    try {
      let faulted = false;
      relay.decide = (request) => {
        if (faulted || request.method !== 'DELETE' || request.path !== `${made.updates}/${update.id}`) return 'pass';
        faulted = true;
        return 'gateway-timeout-after-apply';
      };
      const removed = await runCli(['incident-updates', 'delete', made.id, update.id, '--yes'], {
        env: { ...test.server.env, STATUSCTL_BASE_URL: relay.url },
      });
      expect(removed.code, removed.stderr).toBe(0);
      expect(removed.stdout).toContain(`id\t${update.id}\n`);
      expect(removed.stderr).toMatch(/^note: .*already gone \(404\)/m);
      expect(relay.log.filter((entry) => entry.method === 'DELETE').map((entry) => entry.fault)).toEqual([
        'gateway-timeout-after-apply',
        'pass',
      ]);
    } finally {
      await relay.close();
    }
    expect((await made.read()).incidentUpdates.map((u) => u.id)).not.toContain(update.id);
  });
});
