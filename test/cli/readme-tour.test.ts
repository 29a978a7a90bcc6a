// The README's short tour, run as written: in one bash (pipefail) with `statusctl` on the PATH,
// given its lines one at a time (block-shell.ts), against the demo account, whose heartbeat
// check the tour names. Every line must exit 0, and the incident the tour declares must end
// resolved, with the update it added in its timeline. A line that is one statusctl command and
// nothing around it has its words expanded by that bash and runs in this process; the lines
// with a substitution or a pipe run in the bash with the built binary.
import { describe, expect, it, vi } from 'vitest';
import { DEMO_ACCOUNT_ID } from '../../src/server/fixtures/ids.js';
import { runBlock } from './block-shell.js';
import { parseJson, runCli, startTestServer } from './helpers.js';
import { readmeLines } from './readme-shell.js';

vi.setConfig({ testTimeout: 120_000 });

describe("the README's tour", () => {
  it('runs as written, and does what its comments say', async () => {
    const lines = readmeLines('tour');
    expect(lines.join('\n')).toMatch(/statusctl incidents resolve "\$ID"/);
    const demo = await startTestServer({ accounts: [{ id: DEMO_ACCOUNT_ID, key: 'sk_readme_tour_0123456789' }], rcaDelayMs: 5 });
    const { code, stdout, stderr, ran } = await runBlock(lines, demo.env);
    expect(code, stderr).toBe(0);
    // The binary still runs the lines that need a shell.
    expect(ran.bash).toBeGreaterThanOrEqual(2);
    expect(ran.inProcess).toBeGreaterThanOrEqual(5);
    // The analyses it asked for: one line per error group, each requested.
    expect(stdout).toMatch(/^[0-9a-f-]{36}\trequested\t[0-9a-f-]{36}$/m);
    // `api ... --jq '.[].name'`: the runtimes' names, raw.
    expect(stdout).toMatch(/^2025\.04$/m);

    // What the tour left, read in process.
    const list = parseJson<{ entries: { id: string; name: string; lastUpdateStatus: string }[] }>(
      await runCli(['incidents', 'list', '--status', 'all', '--limit', '100', '-o', 'json'], { env: demo.env, inProcess: true }),
    );
    const declared = list.entries.filter((incident) => incident.name === 'Checkout API returns 502 errors');
    expect(declared).toHaveLength(1);
    expect(declared[0]!.lastUpdateStatus).toBe('RESOLVED');
    const timeline = parseJson<{ description: string; status: string }[]>(
      await runCli(['incident-updates', 'list', declared[0]!.id, '-o', 'json'], { env: demo.env, inProcess: true }),
    );
    expect(timeline.map((update) => update.status)).toEqual(['RESOLVED', 'MONITORING', 'INVESTIGATING']);
    expect(timeline[1]!.description).toBe('Rolled back the deploy.');
  });
});
