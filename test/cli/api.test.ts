// `statusctl api <path>`: raw requests with the profile's credentials (as gh api), in-process
// against the reference server, and once through the built binary.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.js';
import { demoIds } from '../../src/server/index.js';
import { runCli, parseJson, removeTempDirs, startTestServer, TEST_ACCOUNT, tempConfigDir, type TestServer } from './helpers.js';

let server: TestServer;
let client: Client;
let serviceRef: { id: string; name: string; accountId: string };

beforeAll(async () => {
  server = await startTestServer();
  client = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id });
  const pages = await client.listStatusPages({ query: { limit: '1' } });
  const service = pages.entries[0]!.cards[0]!.services[0]!;
  serviceRef = { id: service.id, name: service.name, accountId: service.accountId };
});
afterAll(async () => {
  await server?.close();
  removeTempDirs();
});

const api = (args: string[], input?: string) =>
  runCli(['api', ...args], { env: server.env, ...(input !== undefined ? { input } : {}), inProcess: true });

describe('statusctl api', () => {
  it('GET prints the body as received when piped; -i puts the status line and headers first', async () => {
    const result = await api(['/v1/runtimes']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(await client.listRuntimes({}));
    const head = await api(['-i', '/v1/status-pages?limit=1']);
    expect(head.code).toBe(0);
    const [status, ...rest] = head.stdout.split('\n');
    expect(status).toBe('HTTP/1.1 200 OK');
    expect(rest).toContain('content-type: application/json; charset=utf-8');
    const blank = rest.indexOf('');
    expect(JSON.parse(rest.slice(blank + 1).join('\n')).length).toBe(1);
  });

  it('--paginate follows nextId and prints every entry once, in one document', async () => {
    for (let i = 0; i < 5; i++) {
      await client.createIncident({
        body: { name: `Paged ${i}`, severity: 'MINOR', services: [serviceRef], incidentUpdates: [{ description: 'Investigating' }] },
      });
    }
    const all = await client.listIncidents({ query: { limit: '100' } });
    const result = await api(['/v1/status-pages/incidents', '--paginate', '-f', 'limit=2']);
    expect(result.code, result.stderr).toBe(0);
    const merged = parseJson<{ length: number; entries: { id: string }[]; nextId: null }>(result);
    expect(merged.nextId).toBeNull();
    expect(merged.entries.map((incident) => incident.id)).toEqual(all.entries.map((incident) => incident.id));
    expect(merged.length).toBe(all.entries.length);
    expect(all.entries.length).toBeGreaterThan(4);
  });

  it('POSTs fields: -f strings, -F typed values and nested keys, -X for the method', async () => {
    const incident = await client.createIncident({
      body: { name: 'Fields', severity: 'MINOR', services: [serviceRef], incidentUpdates: [{ description: 'Investigating' }] },
    });
    const result = await api([
      `/v1/status-pages/incidents/${incident.id}/incident-updates`,
      '-f',
      'description=Rolled back, all green',
      '-f',
      'status=MONITORING',
      '-F',
      'notifySubscribers=true',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson(result)).toMatchObject({ description: 'Rolled back, all green', status: 'MONITORING', notifySubscribers: true });

    const group = demoIds(TEST_ACCOUNT.id).errorGroups.dashboardTimeout;
    const patched = await api(['-X', 'PATCH', `/v1/error-groups/${group}`, '-F', 'archivedUntilNextEvent=true']);
    expect(patched.code, patched.stderr).toBe(0);
    expect(parseJson(patched)).toMatchObject({ id: group, archivedUntilNextEvent: true });
  });

  it('--input - sends a JSON body from stdin; nested -F keys build the same body', async () => {
    const body = { name: 'From stdin', severity: 'MAJOR', services: [serviceRef], incidentUpdates: [{ description: 'Investigating' }] };
    const fromStdin = await api(['/v1/status-pages/incidents', '--input', '-'], JSON.stringify(body));
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    expect(parseJson(fromStdin)).toMatchObject({ name: 'From stdin', severity: 'MAJOR' });

    const dir = tempConfigDir();
    writeFileSync(join(dir, 'note.txt'), 'Investigating from a file');
    const planned = await api([
      '/v1/status-pages/incidents',
      '--dry-run',
      '-o',
      'json',
      '-f',
      'name=Nested',
      '-f',
      'severity=MINOR',
      '-f',
      `services[][id]=${serviceRef.id}`,
      '-f',
      `services[][name]=${serviceRef.name}`,
      '-f',
      `services[][accountId]=${serviceRef.accountId}`,
      '-F',
      `incidentUpdates[][description]=@${join(dir, 'note.txt')}`,
    ]);
    expect(planned.code, planned.stderr).toBe(0);
    expect(parseJson(planned)).toEqual({
      method: 'POST',
      path: '/v1/status-pages/incidents',
      body: { name: 'Nested', severity: 'MINOR', services: [serviceRef], incidentUpdates: [{ description: 'Investigating from a file' }] },
    });
    expect(planned.stderr).toContain('dry run: nothing was sent');

    // -f and -F mixed keep their order: here the typed x opens the first object of `a`.
    const mixed = await api(['/v1/x', '-X', 'POST', '--dry-run', '-o', 'json', '-F', 'a[][x]=1', '-f', 'a[][y]=s', '-f', 'a[][y]=t']);
    expect(mixed.code, mixed.stderr).toBe(0);
    expect(parseJson(mixed)).toMatchObject({ body: { a: [{ x: 1, y: 's' }, { y: 't' }] } });
  });

  it('exit codes follow the status; bad input is exit 2 before any request', async () => {
    expect((await api(['/v1/status-pages/incidents/00000000-0000-4000-8000-000000000000'])).code).toBe(4);
    const denied = await runCli(['api', '/v1/runtimes'], {
      env: { ...server.env, STATUSCTL_API_KEY: 'sk_wrong_0000000000' },
      inProcess: true,
    });
    expect(denied.code).toBe(3);
    expect((await api(['/v1/runtimes', '-H', 'Authorization: Bearer x'])).code).toBe(2);
    expect((await api(['/v1/runtimes', '-H', 'no colon'])).code).toBe(2);
    expect((await api(['/v1/status-pages/incidents', '--input', '-'], 'not json')).code).toBe(2);
    expect((await api(['-X', 'POST', '/v1/status-pages/incidents', '--paginate'])).code).toBe(2);
  });

  it('runs as a process: the built binary prints the same answer', async () => {
    const result = await runCli(['api', '/v1/runtimes'], { env: server.env });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(await client.listRuntimes({}));
  });
});
