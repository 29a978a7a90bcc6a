// `status-pages open`, `status-pages get --web` and `incidents get --web`: the CLI prints
// the page's address (the reference server's /status/... address, or the hosted one), and opens
// a browser only on a desktop terminal: a real pseudo-terminal with BROWSER set to a script.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { removeTempDirs, runCli, runPty, tempConfigDir, useTestServer } from './helpers.js';

afterAll(removeTempDirs);

/** No browser, whatever the machine running the tests has. */
const NO_DESKTOP = { DISPLAY: undefined, WAYLAND_DISPLAY: undefined, SSH_CONNECTION: undefined, SSH_CLIENT: undefined, SSH_TTY: undefined };

describe('status page addresses from the CLI', () => {
  const test = useTestServer();
  const pageAddress = () => `${test.server.url}/status/${test.server.account.id}/acme-cloud`;

  it('status-pages open prints the reference server’s address of the page, which serves it', async () => {
    const result = await runCli(['status-pages', 'open', 'Acme Cloud'], { env: { ...test.server.env, ...NO_DESKTOP }, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${pageAddress()}\n`);
    // Piped: the address only, no word about a browser.
    expect(result.stderr).toBe('');
    const page = await fetch(pageAddress());
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Acme Cloud</h1>');
  });

  it('status-pages get --web prints the same address, by url or id', async () => {
    const byUrl = await runCli(['status-pages', 'get', 'acme-cloud', '--web'], { env: test.server.env, inProcess: true });
    expect(byUrl.code, byUrl.stderr).toBe(0);
    expect(byUrl.stdout).toBe(`${pageAddress()}\n`);
  });

  it('incidents get --web prints the incident’s anchor on every page that shows it', async () => {
    const created = await runCli(
      ['incidents', 'create', '--name', 'Slow web app', '--severity', 'MINOR', '--service', 'Web App', '--yes', '-o', 'json'],
      { env: test.server.env, inProcess: true },
    );
    expect(created.code, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout).id as string;
    const result = await runCli(['incidents', 'get', id, '--web'], { env: test.server.env, inProcess: true });
    expect(result.code, result.stderr).toBe(0);
    // Web App is on two demo pages.
    const base = `${test.server.url}/status/${test.server.account.id}`;
    expect(result.stdout.split('\n').filter(Boolean).sort()).toEqual(
      [`${base}/acme-cloud#incident-${id}`, `${base}/acme-payments#incident-${id}`].sort(),
    );
  });

  it('against the hosted API, prints the custom domain or the hosted address', async () => {
    // The hosted API renders no page: a front that forwards the API's routes and answers
    // anything else with the API's JSON 404, as the hosted service does.
    const front: Server = createServer(async (req, res) => {
      if (!req.url?.startsWith('/v1/') && !req.url?.startsWith('/v3/')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"statusCode":404,"error":"Not Found","message":"Not Found"}');
        return;
      }
      const answer = await fetch(`${test.server.url}${req.url}`, { headers: req.headers as Record<string, string> });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    try {
      const env = { ...test.server.env, STATUSCTL_BASE_URL: `http://127.0.0.1:${(front.address() as AddressInfo).port}` };
      const withDomain = await runCli(['status-pages', 'open', 'acme-cloud'], { env, inProcess: true });
      expect(withDomain.code, withDomain.stderr).toBe(0);
      expect(withDomain.stdout).toBe('https://status.acme-cloud.io/\n');
      const withoutDomain = await runCli(['status-pages', 'open', 'Internal Platform'], { env, inProcess: true });
      expect(withoutDomain.stdout).toBe('https://acme-internal.checkly-status-page.com/\n');
    } finally {
      await new Promise((resolve) => front.close(resolve));
    }
  });

  it('opens the browser on a desktop terminal, and says why not over SSH without a display or in CI', async () => {
    const dir = tempConfigDir();
    const opened = join(dir, 'opened.txt');
    const browser = join(dir, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    chmodSync(browser, 0o755);

    const desktop = await runPty(['status-pages', 'open', 'acme-cloud'], {
      env: { ...test.server.env, ...NO_DESKTOP, DISPLAY: ':0', BROWSER: browser },
    });
    await desktop.waitFor(pageAddress());
    expect(await desktop.exited()).toBe(0);
    // The browser command runs on its own; wait for what it wrote.
    await vi.waitFor(() => expect(existsSync(opened) && readFileSync(opened, 'utf8')).toBe(pageAddress()), { timeout: 10_000 });
    expect(desktop.screen()).toContain('opening ');

    const overSsh = await runPty(['status-pages', 'open', 'acme-cloud'], {
      env: { ...test.server.env, ...NO_DESKTOP, SSH_CONNECTION: '10.0.0.1 50000 10.0.0.2 22', BROWSER: browser },
    });
    await overSsh.waitFor('not opening a browser: an SSH session without a display');
    expect(await overSsh.exited()).toBe(0);

    const inCi = await runPty(['status-pages', 'open', 'acme-cloud'], {
      env: { ...test.server.env, DISPLAY: ':0', CI: 'true', BROWSER: browser },
    });
    await inCi.waitFor('not opening a browser: running in CI');
    expect(await inCi.exited()).toBe(0);
  });
});
