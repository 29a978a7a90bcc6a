// `incidents delete` on incidents of both kinds of status page, through the built binary against
// the reference server: each id found on whichever kind holds it and deleted on its own route,
// several ids (and `-`) a line each, --yes required off a terminal, the dry run sending nothing.
import { describe, expect, it, vi } from 'vitest';
import type { V3Incident } from '../../src/contract/schemas.js';
import { parseJson, runCli, useTestServer } from './helpers.js';
import { createV3 } from './v3-incidents-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();
const cli = (args: string[], input?: string) => runCli(args, { env: test.server.env, ...(input !== undefined ? { input } : {}) });

const v3Status = async (incident: V3Incident) =>
  (await test.server.call('GET', `/v3/status-pages/${incident.statusPageId}/incidents/${incident.id}`)).status;

describe('incidents delete on both kinds', () => {
  it('deletes ids of either kind in one command, each on its own route, a line each; an unknown one is exit 4', async () => {
    const v3 = await createV3(test.server, 'Test incident on V3', 'Dashboard=partial');
    const v2 = parseJson<{ id: string }>(
      await cli([
        'incidents',
        'create',
        '--name',
        'Test incident on v2',
        '--severity',
        'minor',
        '--service',
        'Web App',
        '--yes',
        '-o',
        'json',
      ]),
    );
    const unknown = '00000000-0000-4000-8000-00000000dead';
    const from = test.server.logs.length;
    const result = await cli(['incidents', 'delete', v3.id, v2.id.slice(0, 8), unknown, '--yes']);
    expect(result.code, result.stderr).toBe(4);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`${v3.id}\tdeleted\tTest incident on V3 (PARTIAL_OUTAGE, 1 update)`);
    expect(lines[1]).toBe(`${v2.id}\tdeleted\tTest incident on v2 (MINOR, 1 update)`);
    expect(lines[2]).toMatch(new RegExp(`^${unknown}\\tnot-found\\t`));
    await test.server.logged(new RegExp(`DELETE /v3/status-pages/${v3.statusPageId}/incidents/${v3.id}`));
    const deletes = test.server.logs.slice(from).filter((line) => /\bDELETE \//.test(line));
    expect(deletes.some((line) => line.includes(`/v1/status-pages/incidents/${v2.id}`))).toBe(true);
    expect(deletes.some((line) => line.includes(unknown))).toBe(false);
    expect(await v3Status(v3)).toBe(404);
  });

  it('--dry-run shows the DELETE of the V3 route and sends nothing; off a terminal --yes is required; ids from stdin', async () => {
    const v3 = await createV3(test.server, 'Declared by mistake', 'Dashboard=partial');
    const planned = await cli(['incidents', 'delete', v3.id.slice(0, 8), '--dry-run', '-o', 'json']);
    expect(planned.code, planned.stderr).toBe(0);
    const [row] = parseJson<{ id: string; outcome?: string; method: string; path: string }[]>(planned);
    expect(row).toMatchObject({ id: v3.id, method: 'DELETE', path: `/v3/status-pages/${v3.statusPageId}/incidents/${v3.id}` });
    expect(await v3Status(v3)).toBe(200);

    const unasked = await cli(['incidents', 'delete', v3.id]);
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toMatch(/--yes/);
    expect(await v3Status(v3)).toBe(200);

    const piped = await cli(['incidents', 'delete', '-', '--yes', '-o', 'json'], `${v3.id}\n`);
    expect(piped.code, piped.stderr).toBe(0);
    expect(parseJson<{ id: string; ok: boolean }[]>(piped)).toEqual([expect.objectContaining({ id: v3.id, ok: true })]);
    expect(await v3Status(v3)).toBe(404);
  });
});
