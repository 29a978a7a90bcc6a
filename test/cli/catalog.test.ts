// services list|get, runtimes get and heartbeats events: the CLI in process against the reference
// server (the built binary in a pseudo-terminal where the terminal layout is the point). The docs'
// lines of these commands run as written in docs-examples.test.ts.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { demoIds } from '../../src/server/index.js';
import { parseJson, runCli, runPty, useTestServer } from './helpers.js';

const file = useTestServer();
let client: Client;
const HOUR = 3_600_000;

beforeAll(() => {
  const { server } = file;
  client = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id });
});

const cli = (args: string[]) => runCli(args, { env: file.server.env, inProcess: true });
const rows = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t'));

describe('services', () => {
  it('list: one row per service (ID, NAME, CREATED, UPDATED) piped; --all -o json combines every page', async () => {
    const all = await client.listServices({ query: { limit: '100' } });
    const piped = await cli(['services', 'list', '--all']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(rows(piped.stdout)).toEqual(
      all.entries.map((service) => [service.id, service.name, service.created_at, service.updated_at ?? '-']),
    );
    const json = await cli(['services', 'list', '--all', '--limit', '5', '-o', 'json']);
    expect(parseJson(json)).toEqual({ length: all.entries.length, entries: all.entries, nextId: null });
    const first = await cli(['services', 'list', '--limit', '5']);
    expect(rows(first.stdout)).toHaveLength(5);
    expect(first.stderr).toMatch(/^more: --next-id \S+ \(or --all for every page\)$/m);
  });

  it("list --status-page: the services on that page's cards, by name, url or id; an unknown page is exit 2 with the closest", async () => {
    const pageId = demoIds(file.server.account.id).statusPages.payments;
    const page = await client.getStatusPage({ params: { statusPageId: pageId } });
    const onPage = new Set((page.cards ?? []).flatMap((card) => (card.services ?? []).map((service) => service.id)));
    for (const given of [page.name, page.url, pageId]) {
      const result = await cli(['services', 'list', '--status-page', given, '--jq', '.entries[].id']);
      expect(result.code, result.stderr).toBe(0);
      expect(new Set(result.stdout.trim().split('\n'))).toEqual(onPage);
    }
    const typo = await cli(['services', 'list', '--status-page', 'Acme Paymnts']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('did you mean "Acme Payments"');
  });

  it('get: by name in any case or by id, as label<TAB>value lines; a name no service has is exit 4 with did-you-mean', async () => {
    const byName = await cli(['services', 'get', 'payments api']);
    expect(byName.code, byName.stderr).toBe(0);
    const fields = Object.fromEntries(rows(byName.stdout));
    expect(fields).toMatchObject({ name: 'Payments API', account: file.server.account.id });
    const byId = await cli(['services', 'get', fields.id!, '-o', 'json']);
    expect(parseJson(byId)).toEqual(await client.getService({ params: { serviceId: fields.id! } }));
    const typo = await cli(['services', 'get', 'Payment API']);
    expect(typo.code).toBe(4);
    expect(typo.stderr).toMatch(/^statusctl: service "Payment API": not found \(did you mean "Payments API"\?\)/);
    expect(typo.stderr).toContain(`Payments API (id ${fields.id})`);
    const unknownId = await cli(['services', 'get', '00000000-0000-4000-8000-00000000aaaa']);
    expect(unknownId.code).toBe(4);
  });
});

describe('runtimes get', () => {
  it('prints the fields, a line --, then PACKAGE<TAB>VERSION rows piped; -o json is the API object', async () => {
    const runtime = await client.getRuntime({ params: { id: '2025.04' } });
    const piped = await cli(['runtimes', 'get', '2025.04']);
    expect(piped.code, piped.stderr).toBe(0);
    const lines = piped.stdout.trimEnd().split('\n');
    const split = lines.indexOf('--');
    expect(Object.fromEntries(lines.slice(0, split).map((line) => line.split('\t')))).toMatchObject({
      runtime: '2025.04',
      'node.js': runtime.nodeJsVersion,
      stage: runtime.stage,
    });
    const packages = Object.entries(runtime.dependencies).sort(([a], [b]) => (a < b ? -1 : 1));
    expect(lines.slice(split + 1).map((line) => line.split('\t'))).toEqual(packages);
    const json = await cli(['runtimes', 'get', '2025.04', '-o', 'json']);
    expect(parseJson(json)).toEqual(runtime);
    const md = await cli(['runtimes', 'get', '2025.04', '-o', 'md']);
    expect(md.stdout).toMatch(/^### Runtime `2025\.04`\n/);
    expect(md.stdout).toContain(`#### Packages (${packages.length})`);
  });

  it('an unknown name is exit 4, the closest names first', async () => {
    const result = await cli(['runtimes', 'get', '2025.4']);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^statusctl: runtime "2025\.4": not found \(did you mean "2025\.04"/);
    expect(result.stderr).toContain('2025.04 (CURRENT');
  });
});

describe('heartbeats events', () => {
  /** A check of its own with pings `hoursAgo` hours before now, in these states. */
  async function checkWith(pings: [number, 'RECEIVED' | 'LATE' | 'FAILING' | 'EARLY' | 'GRACE'][]): Promise<string> {
    const checkId = randomUUID();
    for (const [hoursAgo, state] of pings) {
      await client.recordHeartbeatEvent({
        params: { checkId },
        body: { state, timestamp: new Date(Date.now() - hoursAgo * HOUR).toISOString() },
      });
    }
    return checkId;
  }

  it('lists the window newest first (TIME, STATE, SOURCE, EVENT ID piped); --since, --from/--to and --limit choose them', async () => {
    const checkId = await checkWith([
      [3, 'RECEIVED'],
      [2, 'LATE'],
      [1, 'FAILING'],
      [72, 'RECEIVED'],
    ]);
    const day = await cli(['heartbeats', 'events', checkId]);
    expect(day.code, day.stderr).toBe(0);
    const dayRows = rows(day.stdout);
    expect(dayRows.map((row) => row[1])).toEqual(['FAILING', 'LATE', 'RECEIVED']);
    expect(dayRows.every((row) => row.length === 4 && !Number.isNaN(Date.parse(row[0]!)) && row[2] === '-')).toBe(true);
    const week = await cli(['heartbeats', 'events', checkId, '--since', '7d']);
    expect(rows(week.stdout).map((row) => row[1])).toEqual(['FAILING', 'LATE', 'RECEIVED', 'RECEIVED']);
    const window = await cli(['heartbeats', 'events', checkId, '--from', '4d', '--to', '2d']);
    expect(rows(window.stdout).map((row) => row[1])).toEqual(['RECEIVED']);
    const two = await cli(['heartbeats', 'events', checkId, '--since', '7d', '--limit', '2']);
    expect(rows(two.stdout)).toHaveLength(2);
    // Above the 10 events of one request, --limit walks the window back: all four of the week.
    const walked = await cli(['heartbeats', 'events', checkId, '--since', '7d', '--limit', '11']);
    expect(walked.code, walked.stderr).toBe(0);
    expect(rows(walked.stdout).map((row) => row[1])).toEqual(['FAILING', 'LATE', 'RECEIVED', 'RECEIVED']);
    const none = await cli(['heartbeats', 'events', checkId, '--limit', '0']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--limit');
  });

  it('-o json is the API answer: [{events, stats}], stats with the 24 h and 7 day ratios', async () => {
    const checkId = await checkWith([
      [1, 'RECEIVED'],
      [2, 'FAILING'],
    ]);
    const result = await cli(['heartbeats', 'events', checkId, '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const [entry] =
      parseJson<{ events: { id: string; state: string }[]; stats: { last24Hours: { totalEntitiesCurrentPeriod: number } } }[]>(result);
    expect(entry!.events.map((event) => event.state)).toEqual(['RECEIVED', 'FAILING']);
    expect(entry!.stats.last24Hours.totalEntitiesCurrentPeriod).toBe(2);
    expect(parseJson(result)).toEqual(await client.listHeartbeatEvents({ params: { checkId } }));
  });

  it('one event by id: label<TAB>value lines, -o json {event, stats}; a window option with it is exit 2; unknown ids exit 4', async () => {
    const checkId = await checkWith([[1, 'LATE']]);
    const event = (await client.listHeartbeatEvents({ params: { checkId } }))[0]!.events[0]!;
    // The list prints its id in the fourth column, where the docs' `cut -f4` takes it from.
    const listed = await cli(['heartbeats', 'events', checkId]);
    expect(rows(listed.stdout).map((row) => [row[1], row[3]])).toEqual([['LATE', event.id]]);
    const piped = await cli(['heartbeats', 'events', checkId, event.id]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(Object.fromEntries(rows(piped.stdout))).toMatchObject({ id: event.id, check: checkId, state: 'LATE', time: event.timestamp });
    const json = await cli(['heartbeats', 'events', checkId, event.id, '-o', 'json']);
    expect(parseJson(json)).toEqual(await client.getHeartbeatEvent({ params: { checkId, id: event.id } }));
    const mixed = await cli(['heartbeats', 'events', checkId, event.id, '--since', '7d']);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('--since');
    expect((await cli(['heartbeats', 'events', checkId, randomUUID()])).code).toBe(4);
    expect((await cli(['heartbeats', 'events', randomUUID()])).code).toBe(4);
  });

  it('on a terminal: the window, the counts by state and the ratios above the table', async () => {
    const checkId = await checkWith([
      [3, 'RECEIVED'],
      [2, 'RECEIVED'],
      [1, 'LATE'],
    ]);
    const session = await runPty(['heartbeats', 'events', checkId, '--no-pager'], { env: file.server.env });
    expect(await session.exited()).toBe(0);
    const screen = session.screen();
    expect(screen).toContain(`Heartbeat events ${checkId}`);
    expect(screen).toMatch(/window\s+the last 24 hours/);
    expect(screen).toMatch(/shown\s+3 events: 1 LATE, 2 RECEIVED/);
    expect(screen).toMatch(/last 24 hours\s+66\.67% of 3 events/);
    expect(screen).toMatch(/TIME \(UTC\)\s+STATE/);
  });
});
