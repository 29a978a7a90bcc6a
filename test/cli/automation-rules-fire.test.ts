// An automation rule made with the CLI does what it says: a failing result of a check carrying
// its tag, posted to the reference server, opens an incident on its V3 page, which
// `incidents list --status-page PAGE` shows and `automation-rules get` names; the built binary
// against the reference server.
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { type Client, createClient } from '../../src/client/index.js';
import type { V3AutomationRule } from '../../src/contract/schemas.js';
import { parseJson, runCli, useTestServer } from './helpers.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();
const cli = (...args: string[]) => runCli(args, { env: test.server.env });

describe('an automation rule made with the CLI', () => {
  it('opens an incident on its page when a check with its tag fails', async () => {
    const api: Client = createClient({ baseUrl: test.server.url, apiKey: test.server.account.key, retries: 0 });
    const statusPageId = (await api.createV3StatusPage({ body: { name: 'Fired', url: 'fired' } })).id;
    const component = await api.createV3Component({ params: { statusPageId }, body: { name: 'Billing', displayOrder: 1 } });

    const made = await cli(
      'rules',
      'create',
      'fired',
      '--name',
      'Billing is failing',
      '--tag',
      'billing-fire',
      '--component',
      'billing=major',
      '--first-update',
      'Billing checks fail.',
      '--last-update',
      'Billing works again.',
      '--no-notify',
      '-o',
      'json',
    );
    expect(made.code, made.stderr).toBe(0);
    const rule = parseJson(made) as V3AutomationRule;
    expect(rule.incidentId).toBeNull();

    // Nothing open before the check fails.
    const before = await cli('incidents', 'list', '--status-page', 'fired', '-o', 'json');
    expect(before.code, before.stderr).toBe(0);
    expect((parseJson(before) as { entries: unknown[] }).entries).toEqual([]);

    const result = await test.server.call('POST', '/_reference/check-results', {
      body: {
        checkId: randomUUID(),
        name: 'Billing API',
        checkType: 'API',
        tags: ['billing-fire'],
        outcome: 'failed',
        errorMessage: 'HTTP 503',
      },
    });
    expect(result.status, result.text).toBe(201);

    const after = await cli('incidents', 'list', '--status-page', 'fired', '-o', 'json');
    expect(after.code, after.stderr).toBe(0);
    const entries = (
      parseJson(after) as { entries: { id: string; name: string; componentImpacts?: { componentId: string; status: string }[] }[] }
    ).entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]!.name).toBe('Billing is failing');
    expect(entries[0]!.componentImpacts).toEqual([expect.objectContaining({ componentId: component.id, status: 'MAJOR_OUTAGE' })]);

    const got = await cli('automation-rules', 'get', 'fired/billing');
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toContain(`incident\t${entries[0]!.id}`);
  });
});
