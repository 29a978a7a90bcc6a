// Reads that do not depend on each other go at the same time: `incidents list` sends the v2
// list's first request with the read of the V3 pages (which decides the other lists), and an
// incident prefix is looked for in the v2 list and the V3 pages' first pages at once. A proxy in
// front of the reference server holds one read's answer until the other read has arrived: a
// command that waited for the first answer before sending the second would never finish.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { parseJson, removeTempDirs, runCli, useTestServer } from '../cli/helpers.js';

const reference = useTestServer();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  removeTempDirs();
});

interface Hold {
  /** The request whose answer waits (method and path, query left out). */
  held: RegExp;
  /** The request it waits for. */
  until: RegExp;
}

/** A proxy to the reference server holding `hold.held` until `hold.until` has come; the env to reach it and the requests seen. */
async function holdingProxy(hold: Hold): Promise<{ env: Record<string, string>; seen: string[] }> {
  const target = new URL(reference.server.env.STATUSCTL_BASE_URL!);
  const seen: string[] = [];
  let arrived: () => void = () => undefined;
  const other = new Promise<void>((resolve) => (arrived = resolve));
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const route = `${req.method} ${new URL(req.url!, target).pathname}`;
    seen.push(route);
    if (hold.until.test(route)) arrived();
    if (hold.held.test(route)) await other;
    try {
      const answer = await fetch(new URL(req.url!, target), {
        method: req.method,
        headers: Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'connection')) as Record<
          string,
          string
        >,
      });
      const body = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
        'content-length': body.length,
      });
      res.end(body);
    } catch {
      // The test is over (a held request let go as the proxy closes): nobody reads the answer.
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    arrived();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as { port: number };
  return { env: { ...reference.server.env, STATUSCTL_BASE_URL: `http://127.0.0.1:${port}` }, seen };
}

describe('independent reads go at once', () => {
  it('incidents list: the v2 list is asked for before the V3 pages are answered', async () => {
    const { env, seen } = await holdingProxy({ held: /^GET \/v3\/status-pages$/, until: /^GET \/v1\/status-pages\/incidents$/ });
    const plain = await runCli(['incidents', 'list', '-o', 'json'], { env: reference.server.env });
    const result = await runCli(['incidents', 'list', '-o', 'json'], { env, timeoutMs: 20_000 });
    expect(result.code, result.stderr).toBe(0);
    // The same list as without the proxy, every V3 page's incidents in it.
    expect(result.stdout).toBe(plain.stdout);
    expect(seen.indexOf('GET /v1/status-pages/incidents')).toBeLessThan(seen.indexOf('GET /v3/status-pages'));
    expect(seen.filter((route) => route === 'GET /v1/status-pages/incidents')).toHaveLength(1);
    expect(seen.some((route) => /^GET \/v3\/status-pages\/[^/]+\/incidents$/.test(route))).toBe(true);
  });

  it('incidents list --limit 150 --status open: the early request is the one the merged list makes, sent once', async () => {
    const { env, seen } = await holdingProxy({ held: /^GET \/v3\/status-pages$/, until: /^GET \/v1\/status-pages\/incidents$/ });
    const args = ['incidents', 'list', '--limit', '150', '--status', 'open', '-o', 'json'];
    const plain = await runCli(args, { env: reference.server.env });
    const result = await runCli(args, { env, timeoutMs: 20_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(plain.stdout);
    expect(seen.filter((route) => route === 'GET /v1/status-pages/incidents')).toHaveLength(1);
  });

  it('incidents get PREFIX: the v2 list and the V3 pages’ incidents are read at once', async () => {
    const { entries } = parseJson<{ entries: { id: string; statusPageId?: string }[] }>(
      await runCli(['incidents', 'list', '-o', 'json', '--all'], { env: reference.server.env }),
    );
    const v2 = entries.find((entry) => entry.statusPageId === undefined)!;
    const { env } = await holdingProxy({
      held: /^GET \/v3\/status-pages\/[^/]+\/incidents$/,
      until: /^GET \/v1\/status-pages\/incidents$/,
    });
    const result = await runCli(['incidents', 'get', v2.id.slice(0, 8), '-o', 'json'], { env, timeoutMs: 20_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(parseJson<{ id: string }>(result).id).toBe(v2.id);
  });
});
