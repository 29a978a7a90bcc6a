// What a lying server's text does to the terminal (docs/output.md, "Control characters"): a stub on
// a real port in front of the reference server gives names, messages and ids holding control
// sequences (a window title, a clipboard write, a screen clear, a link, a CR, a bidi override, an
// 8-bit CSI, a NUL), and the built binary shows them in every shape people read: a table on a
// pseudo-terminal, piped rows and fields, -o md, watch lines, an error answer, progress. No byte
// that steers a terminal reaches stdout or stderr; each is shown as visible text (`\x1b`,
// `\u202e`). -o json stays the API's data, controls escaped by JSON itself.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import type { Incident } from '../../src/contract/schemas.js';
import { cleanUpAfter } from '../support/cleanup.js';
import { demoIds } from '../../src/server/index.js';
import { KEYS, parseJson, type PtySession, runCli, runPty, TEST_ACCOUNT, useTestServer } from './helpers.js';

const PAYLOAD =
  'T\x1b]0;pwned\x07 C\x1b]52;c;ZXZpbA==\x07 X\x1b[2J L\x1b]8;;https://evil.example/\x07link\x1b]8;;\x07 row\rbreak \u202eRTL\u202c C1\u009b31m N\u0000';
/** PAYLOAD on one line (a cell, a field, a heading, a watch line): the CR a space, the rest visible. */
const LINE =
  'T\\x1b]0;pwned\\x07 C\\x1b]52;c;ZXZpbA==\\x07 X\\x1b[2J L\\x1b]8;;https://evil.example/\\x07link\\x1b]8;;\\x07 row break \\u202eRTL\\u202c C1\\x9b31m N\\x00';
/** PAYLOAD in a Markdown cell or list value: the CR a line break, as `<br>`. */
const MARKDOWN = LINE.replace('row break', 'row<br>break');
/** C0 but tab and newline, DEL, C1, bidi embeddings, overrides and isolates. */
const STEERING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const test = useTestServer({ rcaDelayMs: 0 });
/** The names the reference server holds, as the stub gives them instead. */
const disguised = new Map<string, string>();
let open: Incident;
let resolved: Incident;
let pageId: string;
let groupId: string;
let pageHasDomain: boolean;
let stub: { env: Record<string, string> };
/** An incident id the stub refuses, as a server may: a 400 whose message and field carry PAYLOAD. */
const REFUSED = '00000000-0000-4000-8000-0000000000ee';

/**
 * In front of the reference server: every JSON string value that `disguised` names is answered
 * as its disguise (and an id given back in a path is sent on as the real one); `refuse` answers
 * its requests as the server may refuse them, its message and a field's carrying PAYLOAD.
 */
async function lyingServer(refuse: (url: string) => boolean): Promise<{ env: Record<string, string> }> {
  const upstream = test.server.url;
  const server = createServer(async (req, res) => {
    if (refuse(req.url!)) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 400, error: 'Bad Request', message: PAYLOAD, details: [{ path: 'name', message: PAYLOAD }] }));
      return;
    }
    const path = req
      .url!.split('/')
      .map((part) => {
        const real = [...disguised].find(([, shown]) => shown === decodeURIComponent(part))?.[0];
        return real === undefined ? part : encodeURIComponent(real);
      })
      .join('/');
    const sent = await fetch(upstream + path, {
      method: req.method!,
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
      ) as Record<string, string>,
      ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: await readAll(req) }),
    });
    let text = await sent.text();
    // An analysis asked for through the stub gets an id that steers too.
    if (req.method === 'POST' && path.startsWith('/v1/root-cause-analyses/')) {
      const id = (JSON.parse(text) as { id: string }).id;
      disguised.set(id, `${id}${PAYLOAD}`);
    }
    for (const [real, shown] of disguised) text = text.replaceAll(JSON.stringify(real), JSON.stringify(shown));
    res.writeHead(sent.status, { 'content-type': sent.headers.get('content-type') ?? 'application/json' });
    res.end(text);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  cleanUpAfter('file', () => new Promise((closed) => server.close(closed)));
  server.unref();
  return { env: { ...test.server.env, STATUSCTL_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } };
}

async function readAll(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

beforeAll(async () => {
  const { server } = test;
  const api = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id, retries: 0 });
  const page = (await api.listStatusPages({ query: { limit: '100' } })).entries[0]!;
  const service = page.cards[0]!.services[0]!;
  const services = [{ id: service.id, name: service.name, accountId: service.accountId }];
  open = await api.createIncident({
    body: { name: 'hostile-open', severity: 'MAJOR', services, incidentUpdates: [{ description: 'hostile-description' }] },
  });
  resolved = await api.createIncident({
    body: { name: 'hostile-resolved', severity: 'MINOR', services, incidentUpdates: [{ description: 'Done.', status: 'RESOLVED' }] },
  });
  const group = await api.recordErrorEvent({ body: { checkId: 'check-hostile', rawErrorMessage: 'hostile-error' } });
  pageId = page.id;
  groupId = group.id;
  pageHasDomain = Boolean(page.customDomain);
  const address = page.customDomain || page.url;
  for (const real of ['hostile-open', 'hostile-description', 'hostile-resolved', 'hostile-error', page.name, address]) {
    disguised.set(real, PAYLOAD);
  }
  // A page's HTML address refused too, as the hosted API does: its address is then made of its fields.
  stub = await lyingServer((url) => url.includes(REFUSED) || url.startsWith('/status/'));
});

/** What a pty was sent, without the output's own colors, its lines ending in LF. */
function shownText(session: PtySession): string {
  return session
    .raw()
    .replace(/\x1b\[[0-9;]*m/g, '')
    .replace(/\r\n/g, '\n');
}

/** `text` matched as it is, in a RegExp. */
function literally(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

function cli(args: string[]) {
  return runCli(args, { env: stub.env });
}

/** Nothing in the run's output steers a terminal, and it ran as it should. */
function expectSafe(result: { code: number | null; stdout: string; stderr: string }, code = 0): void {
  expect(result.code, result.stderr).toBe(code);
  expect(result.stdout, 'stdout').not.toMatch(STEERING);
  expect(result.stderr, 'stderr').not.toMatch(STEERING);
}

describe('a server whose text holds control sequences', () => {
  it('incidents list on a terminal (a pty): the name is shown escaped, nothing steers but the table’s own colors', async () => {
    const session = await runPty(['incidents', 'list', '--no-pager'], { cols: 400, env: stub.env });
    try {
      expect(await session.exited()).toBe(0);
      // The table's bold header and colors are its own; a pty ends its lines with CRLF.
      const raw = shownText(session);
      expect(raw).not.toMatch(STEERING);
      const row = raw.split('\n').find((line) => line.startsWith(open.id.slice(0, 8)));
      expect(row).toContain(`  ${LINE}  MAJOR`);
    } finally {
      session.kill();
    }
  });

  it('incidents get on a terminal (a pty): the fields and the timeline escaped', async () => {
    const session = await runPty(['incidents', 'get', open.id, '--no-pager'], { cols: 400, env: stub.env });
    try {
      expect(await session.exited()).toBe(0);
      const raw = shownText(session);
      expect(raw).not.toMatch(STEERING);
      expect(
        raw
          .split('\n')
          .find((line) => /^ {2}name /.test(line))
          ?.trimEnd(),
      ).toMatch(/^ {2}name {2,}\S/);
      expect(
        raw
          .split('\n')
          .find((line) => /^ {2}name /.test(line))
          ?.trimEnd()
          .endsWith(LINE),
      ).toBe(true);
      expect(raw).toContain(`INVESTIGATING  ${LINE}`);
    } finally {
      session.kill();
    }
  });

  it('piped rows and fields: the same escapes, one row per line, the columns kept', async () => {
    const list = await cli(['incidents', 'list']);
    expectSafe(list);
    const row = list.stdout.split('\n').find((line) => line.startsWith(open.id))!;
    expect(row.split('\t')).toHaveLength(6);
    expect(row.split('\t')[1]).toBe(LINE);
    const get = await cli(['incidents', 'get', open.id]);
    expectSafe(get);
    expect(get.stdout).toContain(`\nname\t${LINE}\n`);
    expect(get.stdout.split('\n').find((line) => line.includes('INVESTIGATING\t'))).toContain(`\t${LINE}\t`);
    const groups = await cli(['error-groups', 'list']);
    expectSafe(groups);
    expect(
      groups.stdout
        .split('\n')
        .find((line) => line.startsWith(groupId))
        ?.split('\t')[4],
    ).toBe(LINE);
  });

  it('-o md: headings, field lists, tables and status page sections escaped', async () => {
    const get = await cli(['incidents', 'get', open.id, '-o', 'md']);
    expectSafe(get);
    expect(get.stdout).toContain(`### Incident: ${LINE}\n`);
    expect(get.stdout).toContain(`- **name:** ${MARKDOWN}\n`);
    expect(get.stdout).toContain(`| INVESTIGATING | ${MARKDOWN} |`);
    const list = await cli(['incidents', 'list', '-o', 'md']);
    expectSafe(list);
    expect(list.stdout).toContain(`| \`${open.id}\` | ${MARKDOWN} | MAJOR |`);
    for (const args of [
      ['status-pages', 'get', pageId, '-o', 'md'],
      ['status-pages', 'list', '-o', 'md'],
    ]) {
      const pages = await cli(args);
      expectSafe(pages);
      expect(pages.stdout).toContain(`### ${LINE}\n`);
      expect(pages.stdout).toContain(`- **MAJOR** ${LINE} (INVESTIGATING) \`${open.id}\``);
    }
    const group = await cli(['error-groups', 'get', groupId, '-o', 'md']);
    expectSafe(group);
    expect(group.stdout).toContain(`- **error:** ${MARKDOWN}`);
  });

  it('status-pages open: the address made of the page’s fields escaped', async () => {
    const result = await cli(['status-pages', 'open', pageId]);
    expectSafe(result);
    expect(result.stdout).toBe(`https://${LINE}${pageHasDomain ? '' : '.checkly-status-page.com'}/\n`);
  });

  it('-o json is the API’s data, every control written as a JSON escape (C1 and bidi too)', async () => {
    const result = await cli(['incidents', 'get', open.id, '-o', 'json']);
    expectSafe(result);
    expect(parseJson<Incident>(result).name).toBe(PAYLOAD);
    expect(result.stdout).toContain('\\u202eRTL\\u202c C1\\u009b31m');
    const watch = await cli(['incidents', 'watch', resolved.id, '--exit-status', '-o', 'json']);
    expectSafe(watch);
    expect((JSON.parse(watch.stdout.split('\n')[0]!) as { incident: Incident }).incident.name).toBe(PAYLOAD);
  });

  it('--jq: a string raw when piped, as jq -r prints it; on a terminal (a pty) escaped', async () => {
    const piped = await cli(['incidents', 'get', open.id, '--jq', '.name']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe(`${PAYLOAD}\n`);
    const session = await runPty(['incidents', 'get', open.id, '--jq', '.name'], { cols: 400, env: stub.env });
    try {
      expect(await session.exited()).toBe(0);
      const raw = session.raw().replace(/\r\n/g, '\n');
      expect(raw).not.toMatch(STEERING);
      // Its lines kept, as an error message's are: the CR a newline, the rest visible.
      expect(raw).toContain(LINE.replace('row break', 'row\nbreak'));
    } finally {
      session.kill();
    }
  });

  it('heartbeats availability on a terminal: the bar gets only the room the escaped error leaves', async () => {
    const good = Object.values(demoIds(TEST_ACCOUNT.id).heartbeatChecks)[0]!;
    for (let cols = 200; cols <= 250; cols += 5) {
      const session = await runPty(['heartbeats', 'availability', good, REFUSED, '--no-pager'], { cols, env: stub.env });
      try {
        await session.exited();
        const table = session.screen().split(/\r?\n/).slice(0, 4).join('\n');
        expect(table).not.toMatch(STEERING);
        // A bar drawn while the error is cut or left out took room the error needed.
        if (/[█░]/.test(table)) {
          expect(table, `${cols} columns`).toContain('ERROR');
          expect(table, `${cols} columns`).not.toContain('…');
        }
      } finally {
        session.kill();
      }
    }
  });

  it('heartbeats events: the counts of its states above the table escaped, on a terminal and in Markdown', async () => {
    const { server } = test;
    const api = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id, retries: 0 });
    const check = randomUUID();
    await api.recordHeartbeatEvent({ params: { checkId: check }, body: { state: 'GRACE', timestamp: new Date().toISOString() } });
    // Only this check's events say GRACE: the stub answers the state as PAYLOAD.
    disguised.set('GRACE', PAYLOAD);
    try {
      const md = await cli(['heartbeats', 'events', check, '-o', 'md']);
      expectSafe(md);
      expect(md.stdout).toContain(`\n- **shown:** 1 event: 1 ${MARKDOWN}\n`);
      const session = await runPty(['heartbeats', 'events', check, '--no-pager'], { cols: 400, env: stub.env });
      try {
        expect(await session.exited()).toBe(0);
        const raw = shownText(session);
        expect(raw).not.toMatch(STEERING);
        expect(raw).toMatch(new RegExp(`\n {2}shown {2,}1 event: 1 ${literally(LINE)}\n`));
      } finally {
        session.kill();
      }
    } finally {
      disguised.delete('GRACE');
    }
  });

  it('incidents create on a terminal: the summary it asks about shows a service name escaped', async () => {
    const { server } = test;
    const api = createClient({ baseUrl: server.url, apiKey: server.account.key, accountId: server.account.id, retries: 0 });
    const service = (await api.listStatusPages({ query: { limit: '100' } })).entries[0]!.cards[0]!.services[0]!;
    disguised.set(service.name, PAYLOAD);
    try {
      const args = ['incidents', 'create', '--name', 'Asked', '--severity', 'minor', '--service', service.id, '--message', 'm'];
      const session = await runPty(args, { cols: 400, env: stub.env });
      try {
        await session.waitFor('Create this incident?');
        const raw = shownText(session);
        // The summary (the question's prompt after it moves the cursor, as prompts do).
        const summary = raw.slice(raw.indexOf('About to create this incident:'), raw.indexOf('Create this incident?'));
        expect(summary).not.toMatch(STEERING);
        expect(summary).toMatch(new RegExp(`\n {2}services {2,}${literally(LINE)} \\(${service.id}\\)\n`));
        session.write(`n${KEYS.enter}`);
        expect(await session.exited()).toBe(2);
      } finally {
        session.kill();
      }
    } finally {
      disguised.delete(service.name);
    }
  });

  it('incidents watch: the watching line escaped, four columns', async () => {
    const result = await cli(['incidents', 'watch', resolved.id, '--exit-status']);
    expectSafe(result);
    const line = result.stdout.split('\n').find((each) => each.includes('\twatching\t'))!;
    expect(line.split('\t')).toHaveLength(4);
    expect(line.split('\t')[3]).toBe(`RESOLVED MINOR ${LINE} (1 update)`);
  });

  it('an error answer carrying them: the message, the hint and --verbose detail escaped', async () => {
    const result = await cli(['incidents', 'get', REFUSED, '--verbose']);
    expectSafe(result, 1);
    const [first] = result.stderr.split('\n').filter((line) => line.startsWith('statusctl: '));
    expect(first).toContain('\\u202eRTL\\u202c C1\\x9b31m');
    expect(result.stderr).toMatch(/\n {2}name: .*\\u202eRTL\\u202c C1\\x9b31m/);
    expect(result.stderr).toMatch(/\nhint: the server refused name: /);
  });

  it('rca request --wait: the progress lines on stderr and the analysis escaped', async () => {
    const result = await cli(['rca', 'request', groupId, '--wait']);
    expectSafe(result);
    expect(result.stderr).toContain(`Waiting for analysis `);
    expect(result.stderr.split('\n').find((line) => line.startsWith('Waiting for analysis'))).toContain(LINE);
    expect(result.stdout).toContain(LINE);
  });
});
