// `statusctl incidents list`, `get`, `resolve` and `incident-updates ...` in-process (run())
// against the reference server: success paths, exit codes, plain output, JSON in the API's shape.
// The setup (a recording proxy, every create body checked against upstream) is incidents-setup.ts.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { Incident, IncidentUpdate } from '../../src/contract/schemas.js';
import { parseJson, runCli, startTestServer } from './helpers.js';
import {
  allIncidents,
  allV3Incidents,
  api,
  cli,
  createIncident,
  IncidentsOfBothKinds,
  isV2Incident,
  useIncidentsServer,
} from './incidents-setup.js';

// Some tests spawn the built CLI; on a loaded machine that is slow, never hung.
vi.setConfig({ testTimeout: 120_000 });

useIncidentsServer();

describe('incidents list', () => {
  it('shows a table of incidents, and JSON in the API shape', async () => {
    const created = await createIncident('Listed incident');
    const table = await cli(['incidents', 'list', '--limit', '100']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain(created.id);
    expect(table.stdout).toContain('Listed incident');
    expect(table.stdout).toContain('INVESTIGATING');

    const json = IncidentsOfBothKinds.parse(parseJson(await cli(['incidents', 'list', '--json'])));
    expect(json.entries[0]!.id).toBe(created.id); // newest first
  });

  it('--status open|resolved filters what was fetched (any case); bad values are exit 2', async () => {
    const open = IncidentsOfBothKinds.parse(parseJson(await cli(['incidents', 'list', '--all', '--status', 'OPEN', '-o', 'json'])));
    const resolved = IncidentsOfBothKinds.parse(parseJson(await cli(['incidents', 'list', '--all', '--status', 'resolved', '-o', 'json'])));
    const all = [...(await allIncidents()), ...(await allV3Incidents())];
    expect(open.entries.length).toBeGreaterThan(0);
    expect(resolved.entries.length).toBeGreaterThan(0);
    expect(open.entries.every((incident) => incident.lastUpdateStatus !== 'RESOLVED')).toBe(true);
    expect(resolved.entries.every((incident) => incident.lastUpdateStatus === 'RESOLVED')).toBe(true);
    expect(open.length + resolved.length).toBe(all.length);
    expect((await cli(['incidents', 'list', '--status', 'closed'])).code).toBe(2);
  });

  it('pages with --limit/--next-id (hint on stderr) and --all follows the cursor to the end', async () => {
    const first = await cli(['incidents', 'list', '--limit', '2', '-o', 'json']);
    const page1 = IncidentsOfBothKinds.parse(parseJson(first));
    expect(page1.entries).toHaveLength(2);
    expect(page1.nextId).toEqual(expect.any(String));
    expect(first.stderr).toContain(`more: --next-id ${page1.nextId}`);
    const page2 = IncidentsOfBothKinds.parse(
      parseJson(await cli(['incidents', 'list', '--limit', '2', '--next-id', page1.nextId!, '-o', 'json'])),
    );
    expect(page2.entries.map((i) => i.id)).not.toContain(page1.entries[0]!.id);

    const everything = await cli(['incidents', 'list', '--all', '--limit', '3', '-o', 'json']);
    const combined = IncidentsOfBothKinds.parse(parseJson(everything));
    expect(combined.nextId).toBeNull();
    expect(combined.length).toBe(combined.entries.length);
    // The v2 incidents in the v2 list's order, the V3 pages' merged in among them.
    expect(combined.entries.filter(isV2Incident).map((i) => i.id)).toEqual((await allIncidents()).map((i) => i.id));
    expect(everything.stderr).not.toContain('more:');
  });

  it.each([['0'], ['1.5'], ['x']])('--limit %s is exit 2', async (limit) => {
    expect((await cli(['incidents', 'list', '--limit', limit])).code).toBe(2);
  });
});

describe('incidents get and resolve', () => {
  it('get shows the timeline; -o json is the Incident', async () => {
    const incident = await createIncident('Timeline incident', ['--message', 'First look']);
    await api.createIncidentUpdate({
      params: { incidentId: incident.id },
      body: { description: 'Found it', status: 'IDENTIFIED', notifySubscribers: true },
    });
    const text = await cli(['incidents', 'get', incident.id], {}, 120);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Timeline (2 updates)');
    expect(text.stdout.indexOf('First look')).toBeLessThan(text.stdout.indexOf('Found it'));
    expect(text.stdout).toMatch(/IDENTIFIED.*Found it.*yes/);
    // Piped: the fields, a `--` line, then one tab-separated row per update.
    const piped = await cli(['incidents', 'get', incident.id]);
    const [fields, rows] = piped.stdout.trimEnd().split('\n--\n');
    expect(fields!.split('\n')[0]).toBe(`id\t${incident.id}`);
    expect(rows!.split('\n').map((row) => row.split('\t').slice(1, 4))).toEqual([
      ['INVESTIGATING', 'First look', 'no'],
      ['IDENTIFIED', 'Found it', 'yes'],
    ]);
    const json = Incident.parse(parseJson(await cli(['incidents', 'get', incident.id, '--json'])));
    expect(json.incidentUpdates).toHaveLength(2);
  });

  it('resolve adds a RESOLVED update (default message "Resolved.")', async () => {
    const incident = await createIncident('To resolve');
    const result = await cli(['incidents', 'resolve', incident.id]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${incident.id}\tresolved\tTo resolve\n`);
    // On a terminal one sentence, followed by the update.
    const onTerminal = await createIncident('To resolve on a terminal');
    const shown = await cli(['incidents', 'resolve', onTerminal.id], {}, 100);
    expect(shown.code, shown.stderr).toBe(0);
    const [row, ...detail] = stripVTControlCharacters(shown.stdout).trimEnd().split('\n');
    expect(row).toBe(`✓ Resolved incident ${onTerminal.id.slice(0, 8)} (To resolve on a terminal)`);
    expect(detail.join('\n')).toMatch(/status\s+RESOLVED/);
    expect(detail.join('\n')).toContain('Resolved.');
    const stored = await api.getIncident({ params: { incidentId: incident.id } });
    expect(stored.lastUpdateStatus).toBe('RESOLVED');
    expect(stored.incidentUpdates.at(-1)).toMatchObject({ description: 'Resolved.', status: 'RESOLVED' });

    // Resolving again changes nothing (a retried CI step must not notify twice); --force posts anyway.
    const again = await cli(['incidents', 'resolve', incident.id, '--message', 'Rolled back', '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(
      /^incident \S+ is already resolved \(since .+\): nothing was sent \(--force adds another RESOLVED update\)\n$/,
    );
    // Its entry carries its last update, the RESOLVED one.
    const [entry] = parseJson(again) as [{ id: string; update: unknown }];
    expect(entry.id).toBe(incident.id);
    expect(IncidentUpdate.parse(entry.update)).toMatchObject({ description: 'Resolved.', status: 'RESOLVED' });
    expect((await api.getIncident({ params: { incidentId: incident.id } })).incidentUpdates).toHaveLength(stored.incidentUpdates.length);

    const [forcedEntry] = parseJson(
      await cli(['incidents', 'resolve', incident.id, '--message', 'Rolled back', '--force', '-o', 'json']),
    ) as [{ update: unknown }];
    const forced = IncidentUpdate.parse(forcedEntry.update);
    expect(forced).toMatchObject({ description: 'Rolled back', status: 'RESOLVED' });
    expect((await api.getIncident({ params: { incidentId: incident.id } })).incidentUpdates).toHaveLength(
      stored.incidentUpdates.length + 1,
    );
  });

  it('an unknown incident id is exit 4', async () => {
    // A whole id is asked for as it is, on /v1 and then on the V3 pages: the server's 404.
    for (const args of [
      ['incidents', 'get', '00000000-0000-4000-8000-00000000dead'],
      ['incidents', 'resolve', '00000000-0000-4000-8000-00000000dead'],
    ]) {
      const result = await cli(args);
      expect(result.code).toBe(4);
      expect(result.stderr).toMatch(/^statusctl: 404 .*\n$/);
    }
    // Anything else is a prefix, looked for in the incident list.
    for (const args of [
      ['incidents', 'get', 'no-such-incident'],
      ['incidents', 'resolve', 'no-such-incident'],
    ]) {
      const result = await cli(args);
      expect(result.code).toBe(4);
      expect(result.stderr).toMatch(
        /^statusctl: no incident id starts with "no-such-incident" \(\d+ incidents of the account looked at\)\n/,
      );
    }
  });
});

describe('incident-updates', () => {
  it('add, get and put an update', async () => {
    const incident = await createIncident('Updates incident');
    const added = await cli([
      'incident-updates',
      'add',
      incident.id,
      '--message',
      'Monitoring now',
      '--status',
      'Monitoring',
      '--notify',
      '--date',
      '2025-05-01T12:30:00+02:00',
      '-o',
      'json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const update = IncidentUpdate.parse(parseJson(added));
    expect(update).toMatchObject({ description: 'Monitoring now', status: 'MONITORING', notifySubscribers: true });
    expect(Date.parse(update.publicIncidentUpdateDate)).toBe(Date.parse('2025-05-01T10:30:00Z'));

    const got = await cli(['incident-updates', 'get', incident.id, update.id]);
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toContain('Monitoring now');
    expect(got.stdout).toContain('MONITORING');
    // -o json is the update as the API answers it: nothing the record shows besides (its incident) is added.
    expect(parseJson(await cli(['incident-updates', 'get', incident.id, update.id, '-o', 'json']))).toEqual(parseJson(added));

    const put = await cli([
      'incident-updates',
      'put',
      incident.id,
      update.id,
      '--message',
      'Monitoring (edited)',
      '--no-notify',
      '--status',
      'resolved',
    ]);
    expect(put.code, put.stderr).toBe(0);
    expect(await api.getIncidentUpdate({ params: { incidentId: incident.id, incidentUpdateId: update.id } })).toMatchObject({
      description: 'Monitoring (edited)',
      notifySubscribers: false,
      status: 'RESOLVED',
    });
  });

  it.each([
    [['add', 'INCIDENT', '--message', 'm', '--date', 'yesterday']],
    [['add', 'INCIDENT', '--message', 'm', '--date', '2025-05-01']],
    [['add', 'INCIDENT', '--message', 'm', '--date', '2025-13-01T00:00:00Z']],
    [['add', 'INCIDENT']],
    [['put', 'INCIDENT', 'UPDATE']],
    [['add', 'INCIDENT', '--message', 'm', '--status', 'done']],
    [['get', 'INCIDENT']],
  ])('usage errors are exit 2 before any request: %j', async (args) => {
    const result = await cli(['incident-updates', ...args], { STATUSCTL_BASE_URL: 'http://127.0.0.1:9' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });

  it('an unknown incident or update is exit 4', async () => {
    const incident = await createIncident('Lookup incident');
    expect((await cli(['incident-updates', 'get', incident.id, 'no-such-update'])).code).toBe(4);
    expect((await cli(['incident-updates', 'add', 'no-such-incident', '--message', 'm'])).code).toBe(4);
    expect((await cli(['incident-updates', 'put', 'no-such-incident', 'u', '--message', 'm'])).code).toBe(4);
  });
});

describe('incidents list --status (the on-call case)', () => {
  it('finds open incidents that exist only beyond the first page', async () => {
    // A server of its own: 25 resolved incidents on top push every open one past a page of 20.
    const own = await startTestServer();
    try {
      const client = createClient({ baseUrl: own.url, apiKey: own.account.key, accountId: own.account.id, retries: 0 });
      const page = (await client.listStatusPages({ query: { limit: '1' } })).entries[0]!;
      const service = page.cards[0]!.services[0]!;
      for (let i = 0; i < 25; i++) {
        await client.createIncident({
          body: {
            name: `Resolved ${i}`,
            severity: 'MINOR',
            services: [{ id: service.id, name: service.name, accountId: own.account.id }],
            incidentUpdates: [{ description: 'Done.', status: 'RESOLVED' }],
          },
        });
      }
      const firstPage = await client.listIncidents({});
      expect(firstPage.entries.every((incident) => incident.lastUpdateStatus === 'RESOLVED')).toBe(true);
      const run = (args: string[]) => runCli(args, { env: own.env, inProcess: true });

      const one = await run(['incidents', 'list', '--status', 'open', '--limit', '1', '-o', 'json']);
      expect(one.code, one.stderr).toBe(0);
      const found = IncidentsOfBothKinds.parse(parseJson(one));
      expect(found.length).toBe(1);
      expect(found.entries[0]!.lastUpdateStatus).not.toBe('RESOLVED');

      const table = await run(['incidents', 'list', '--status', 'open', '--limit', '1']);
      expect(table.code, table.stderr).toBe(0);
      expect(table.stdout).toContain(found.entries[0]!.id);
      expect(table.stderr).not.toContain('No open incidents');

      // Following nextId from there reaches every other open incident, none skipped.
      const openIds: string[] = [];
      let next: string | null = null;
      do {
        const result = await run([
          'incidents',
          'list',
          '--status',
          'open',
          '--limit',
          '2',
          '-o',
          'json',
          ...(next ? ['--next-id', next] : []),
        ]);
        const list = IncidentsOfBothKinds.parse(parseJson(result));
        openIds.push(...list.entries.map((incident) => incident.id));
        next = list.nextId;
      } while (next);
      const everyOpen = IncidentsOfBothKinds.parse(parseJson(await run(['incidents', 'list', '--status', 'open', '--all', '-o', 'json'])));
      expect(everyOpen.length).toBeGreaterThan(1);
      expect(new Set(openIds)).toEqual(new Set(everyOpen.entries.map((incident) => incident.id)));
    } finally {
      await own.close();
    }
  });
});
