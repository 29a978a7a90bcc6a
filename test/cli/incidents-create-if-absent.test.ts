// `statusctl incidents create --if-absent`, through the built binary against the reference server
// (through the recording proxy of incidents-setup.ts, which counts the creates sent): a re-run job
// declares one incident, the second run printing the first's id; on a v2 page and on a V3 page;
// a resolved incident, or one on another page, does not count; the dry run says which it would do.
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { parseJson } from './helpers.js';
import { allIncidents, allV3Incidents, api, builtCli, cli, CREATE_PATH, proxy, serviceIds, useIncidentsServer } from './incidents-setup.js';

vi.setConfig({ testTimeout: 120_000 });

useIncidentsServer();

/** The creates the CLI sent, of either kind. */
const creates = () => proxy.requests.filter((entry) => entry.method === 'POST' && /\/incidents$/.test(entry.path.split('?')[0]!)).length;

const declare = (name: string, extra: string[] = []) =>
  builtCli(['incidents', 'create', '--name', name, '--severity', 'minor', '--service', serviceIds[0]!, '--if-absent', ...extra]);

describe('incidents create --if-absent on a v2 page', () => {
  it('run twice declares one incident: the second run prints the first one, exit 0', async () => {
    const name = `Deploy rollback ${randomUUID().slice(0, 8)}`;
    const before = creates();
    const first = await declare(name, ['-o', 'json']);
    expect(first.code, first.stderr).toBe(0);
    const { id } = parseJson<{ id: string }>(first);
    const second = await declare(name, ['-o', 'json']);
    expect(second.code, second.stderr).toBe(0);
    expect(parseJson<{ id: string }>(second).id).toBe(id);
    expect(second.stderr).toContain(`--if-absent: incident ${id} "${name}" is open already; nothing was declared`);
    // Piped text, the name in another case: the same incident, its id printed.
    const third = await declare(name.toUpperCase());
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).toContain(id);
    expect(creates()).toBe(before + 1);
    expect((await allIncidents()).filter((incident) => incident.name === name)).toHaveLength(1);
  });

  it('a resolved incident of that name does not count: a new one is declared', async () => {
    const name = `Queue backlog ${randomUUID().slice(0, 8)}`;
    const first = parseJson<{ id: string }>(await declare(name, ['-o', 'json']));
    const resolved = await cli(['incidents', 'resolve', first.id, '--message', 'Fixed.']);
    expect(resolved.code, resolved.stderr).toBe(0);
    const again = await declare(name, ['-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(parseJson<{ id: string }>(again).id).not.toBe(first.id);
  });

  it('--dry-run says which it would do, and sends no create', async () => {
    const name = `Cache misses ${randomUUID().slice(0, 8)}`;
    const absent = await declare(name, ['--dry-run']);
    expect(absent.code, absent.stderr).toBe(0);
    expect(absent.stdout).toContain(`POST ${CREATE_PATH}`);
    expect(absent.stderr).toContain(
      `--if-absent: no open incident named "${name}" on the status pages of its services; it would be declared`,
    );
    const { id } = parseJson<{ id: string }>(await declare(name, ['-o', 'json']));
    const before = creates();
    const present = await declare(name, ['--dry-run']);
    expect(present.code, present.stderr).toBe(0);
    expect(present.stdout).toContain(id);
    expect(present.stdout).not.toContain(`POST ${CREATE_PATH}`);
    expect(present.stderr).toContain(`incident ${id} "${name}" is open already; nothing would be declared`);
    expect(present.stderr).toContain('dry run: nothing was sent');
    expect(creates()).toBe(before);
  });
});

describe('incidents create --if-absent on a V3 page', () => {
  it('run twice declares one incident on the page: the second run prints the first one', async () => {
    const page = (await api.listV3StatusPages({ query: { limit: '100' } })).entries[0]!;
    const component = (await api.listV3Components({ params: { statusPageId: page.id }, query: { limit: '100' } })).entries[0]!;
    const name = `Webhooks delayed ${randomUUID().slice(0, 8)}`;
    const args = [
      'incidents',
      'create',
      '--status-page',
      page.url,
      '--name',
      name,
      '--component',
      `${component.name}=partial`,
      '--if-absent',
    ];
    const first = await builtCli([...args, '-o', 'json']);
    expect(first.code, first.stderr).toBe(0);
    const { id } = parseJson<{ id: string }>(first);
    const second = await builtCli([...args, '-o', 'json']);
    expect(second.code, second.stderr).toBe(0);
    expect(parseJson<{ id: string }>(second).id).toBe(id);
    const dry = await builtCli([...args, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('nothing would be declared');
    expect((await allV3Incidents()).filter((incident) => incident.name === name)).toHaveLength(1);
  });
});
