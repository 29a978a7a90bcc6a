// `incidents watch` of an incident of a V3 status page, through the built binary against the
// reference server's demo data: what the incident impacts is said as it changes, component by
// component (an `impacts` line in place of v2's severity and services), and a RESOLVED update
// ending the impacts is said after it.
import { describe, expect, it, vi } from 'vitest';
import type { V3Incident } from '../../src/contract/schemas.js';
import { startCli, useTestServer } from './helpers.js';
import { platform, V3_PAGES } from './v3-incidents-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const test = useTestServer();

describe('incidents watch of a V3 incident', () => {
  it('an impacts line when the components impacted change, and when a RESOLVED update ends them', async () => {
    const { pageId, components } = await platform(test.server);
    const id = (name: string) => components.get(name)!;
    const created = await test.server.call('POST', `${V3_PAGES}/${pageId}/incidents`, {
      body: {
        name: 'Webhooks late',
        componentImpacts: [{ componentId: id('Webhooks'), status: 'PARTIAL_OUTAGE' }],
        incidentUpdates: [{ description: 'Deliveries are late.', status: 'INVESTIGATING' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const incident = created.json as V3Incident;
    const path = `${V3_PAGES}/${pageId}/incidents/${incident.id}`;

    const watch = startCli(['incidents', 'watch', incident.id, '--interval', '1', '--exit-status'], { env: test.server.env });
    await watch.line(/\twatching\tINVESTIGATING PARTIAL_OUTAGE Webhooks late \(1 update\)$/);

    const changed = await test.server.call('PUT', path, {
      body: {
        name: 'Webhooks late',
        componentImpacts: [
          { componentId: id('Webhooks'), status: 'MAJOR_OUTAGE' },
          { componentId: id('Dashboard'), status: 'DEGRADED_PERFORMANCE' },
        ],
      },
    });
    expect(changed.status, changed.text).toBe(200);
    const line = await watch.line(/\timpacts\t/);
    expect(line).toMatch(
      new RegExp(
        `^\\S+\\t${incident.id}\\timpacts\\tWebhooks PARTIAL_OUTAGE -> (Webhooks MAJOR_OUTAGE, Dashboard DEGRADED_PERFORMANCE|Dashboard DEGRADED_PERFORMANCE, Webhooks MAJOR_OUTAGE)$`,
      ),
    );

    const resolved = await test.server.call('POST', `${path}/incident-updates`, {
      body: { description: 'Delivered.', status: 'RESOLVED' },
    });
    expect(resolved.status, resolved.text).toBe(201);
    await watch.line(/\tupdate\tRESOLVED Delivered\.$/);
    expect(await watch.line(/\timpacts\t/)).toMatch(/\timpacts\t.*MAJOR_OUTAGE.* -> none$/);
    const { code } = await watch.exited;
    expect(code, watch.stderr()).toBe(0);
    // Neither a severity nor a services line: the impacts say it.
    expect(watch.stdout()).not.toMatch(/\t(severity|services)\t/);
  });

  it('without an id: the open incidents of the V3 pages too, one opened since, its updates and its resolution', async () => {
    const pages = (await test.server.call('GET', V3_PAGES)).json.entries as { id: string; url: string }[];
    const pageId = pages.find((page) => page.url === 'acme-platform')!.id;
    const watch = startCli(['incidents', 'watch', '--interval', '1'], { env: test.server.env });
    try {
      await watch.line(/\twatching\tIDENTIFIED PARTIAL_OUTAGE Webhook deliveries delayed \(2 updates\)$/);
      const created = await test.server.call('POST', `${V3_PAGES}/${pageId}/incidents`, {
        body: { name: 'Exports slow', incidentUpdates: [{ description: 'Exports take minutes.', status: 'INVESTIGATING' }] },
      });
      expect(created.status, created.text).toBe(201);
      const updates = `${V3_PAGES}/${pageId}/incidents/${(created.json as V3Incident).id}/incident-updates`;
      await watch.line(/\topened\tINVESTIGATING OPERATIONAL Exports slow \(1 update\)$/);
      await test.server.call('POST', updates, { body: { description: 'A slow export worker.', status: 'IDENTIFIED' } });
      await watch.line(/\tupdate\tIDENTIFIED A slow export worker\.$/);
      await test.server.call('POST', updates, { body: { description: 'Exports are fast again.', status: 'RESOLVED' } });
      await watch.line(/\tupdate\tRESOLVED Exports are fast again\.$/);
    } finally {
      watch.child.kill();
    }
  });
});
