// Generated bad input: fast-check sends invalid requests of every kind to every route
// of the operations table, the /_reference routes and unknown routes, over a keep-alive undici
// pool and over raw sockets (broken framing). Every answer must be the 4xx the class of input
// calls for, with the documented error body; never a 5xx, never a dropped connection; and the
// account's data must be exactly as before.
//
// FUZZ_RUNS sets the number of generated requests (default 1500; `npm run test:fuzz` runs
// 10000, plus a tenth as many on raw sockets). fast-check prints the seed and path of a
// failure; FUZZ_SEED=<seed> replays it. FUZZ_TRACE=1 prints each request and its status.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ACCOUNT_A,
  ACCOUNT_B,
  containsKey,
  countStoreMutations,
  expectErrorAnswer,
  parseRawResponse,
  rawExchange,
  snapshot,
  startHardeningServer,
  type Answer,
  type HardeningServer,
} from './support.js';
import { baseBodies } from './bodies.js';
import {
  BODY_OPS,
  type Case,
  describeCase,
  ERROR_GROUP_IDS,
  FC_OPTIONS,
  HEARTBEAT_IDS,
  allKnownIds,
  known,
  operations,
  pathArb,
  RAW_RUNS,
  OVERSIZED_RUNS,
  RUNS,
  SERVICE_IDS,
} from './fuzz-inputs.js';
import { accountCase, authCase, handlerCase, methodCase, queryCase, unknownIdCase, unknownRouteCase } from './fuzz-request-cases.js';
import {
  charsetCase,
  contentTypeCase,
  deepCase,
  invalidUtf8Case,
  malformedCase,
  oversizedCase,
  schemaCase,
  surrogateCase,
} from './fuzz-body-cases.js';

let server: HardeningServer;

const caseArb: fc.Arbitrary<Case> = fc.oneof(
  { weight: 14, arbitrary: authCase },
  { weight: 5, arbitrary: accountCase },
  { weight: 10, arbitrary: methodCase },
  { weight: 7, arbitrary: unknownRouteCase },
  { weight: 1, arbitrary: oversizedCase },
  { weight: 8, arbitrary: contentTypeCase },
  { weight: 9, arbitrary: malformedCase },
  { weight: 3, arbitrary: deepCase },
  { weight: 22, arbitrary: schemaCase },
  { weight: 9, arbitrary: queryCase },
  { weight: 4, arbitrary: handlerCase },
  { weight: 10, arbitrary: unknownIdCase },
  { weight: 4, arbitrary: surrogateCase },
  { weight: 3, arbitrary: invalidUtf8Case },
  { weight: 3, arbitrary: charsetCase },
);

// ---- the properties ------------------------------------------------------------------------

describe('generated bad input', () => {
  let before: Record<string, unknown>;
  let beforeB: Record<string, unknown>;
  let mutations: ReturnType<typeof countStoreMutations>;
  let sent = 0;
  const seenKinds = new Map<string, number>();

  beforeAll(async () => {
    server = await startHardeningServer();
    before = await snapshot(server);
    beforeB = await snapshot(server, ACCOUNT_B);
    for (const [path, entry] of Object.entries(before)) {
      const body = (entry as { body: any }).body;
      if (path.startsWith('/v1/status-pages?')) known.statusPages.push(...body.entries.map((page: any) => page.id));
      if (path.startsWith('/v1/status-pages/incidents?')) {
        for (const incident of body.entries) {
          known.incidents.push(incident.id);
          for (const update of incident.incidentUpdates) known.updates.push([incident.id, update.id]);
        }
      }
    }
    expect(known.statusPages.length).toBeGreaterThan(0);
    expect(known.updates.length).toBeGreaterThan(1);
    for (const page of known.statusPages) {
      const subscriptions = await server.get(`/v1/status-pages/${page}/subscriptions`);
      known.subscriptions.push(...subscriptions.json.map((subscription: { id: string }) => subscription.id));
    }
    const events = await server.get(`/v1/checks/heartbeats/${HEARTBEAT_IDS[0]}/events`);
    known.heartbeatEvents.push(...events.json[0].events.map((event: { id: string }) => event.id));
    expect(known.subscriptions.length).toBeGreaterThan(0);
    expect(known.heartbeatEvents.length).toBeGreaterThan(0);
    for (const window of (await server.get('/v1/maintenance-windows')).json) {
      known.maintenanceWindows.push(String(window.id));
      for (const maintenance of (await server.get(`/v1/maintenance-windows/${window.id}/maintenances`)).json) {
        known.maintenances.push(maintenance.id);
        known.maintenanceUpdates.push(...maintenance.updates.map((update: { id: string }) => update.id));
      }
    }
    expect(known.maintenanceUpdates.length).toBeGreaterThan(0);
    for (const id of [
      ...known.statusPages,
      ...known.incidents,
      ...known.updates.map(([, u]) => u),
      ...ERROR_GROUP_IDS,
      ...HEARTBEAT_IDS,
      ...SERVICE_IDS,
      ...known.subscriptions,
      ...known.heartbeatEvents,
      ...known.maintenanceWindows,
      ...known.maintenances,
      ...known.maintenanceUpdates,
      '2025.04',
    ])
      allKnownIds.add(id);
    mutations = countStoreMutations();
  });

  afterAll(async () => {
    mutations?.restore();
    await server?.stop();
    console.log(`fuzz: ${sent} invalid requests sent (FUZZ_RUNS=${RUNS}); by kind: ${JSON.stringify(Object.fromEntries(seenKinds))}`);
  });

  it('every base body is valid, so a mutation of it is what makes it invalid', () => {
    for (const id of BODY_OPS) {
      const base = baseBodies()[id];
      expect(base, `${id} needs a base body`).toBeDefined();
      expect((operations[id].body as z.ZodType).safeParse(base).success, id).toBe(true);
    }
  });

  it(`answers ${RUNS} generated invalid requests over keep-alive with the right 4xx and the error body`, async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        if (process.env.FUZZ_TRACE) process.stderr.write(`${describeCase(c).slice(0, 160)}\n`);
        sent++;
        seenKinds.set(c.kind, (seenKinds.get(c.kind) ?? 0) + 1);
        const answer: Answer = await server.send({ method: c.method, path: c.path, headers: c.headers, body: c.body });
        if (process.env.FUZZ_TRACE) process.stderr.write(`  -> ${answer.status}\n`);
        const what = describeCase(c);
        const body = expectErrorAnswer(answer, c.status, what);
        if (c.allow) expect(answer.headers.allow, what).toBe(c.allow.join(', '));
        expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
        if (c.details) expect(body.details?.length, what).toBeGreaterThan(0);
        // Keys are sent in odd places (Basic, after the key, in the account header): never echoed.
        expect(containsKey(answer.text + JSON.stringify(answer.headers), ACCOUNT_A.key), what).toBe(false);
      }),
      FC_OPTIONS,
    );
    // Every class was generated (a generator that always filters out would hide a gap).
    expect(new Set(seenKinds.keys()).size).toBeGreaterThanOrEqual(RUNS >= 500 ? 16 : 1);
  }, 900_000);

  it(`every one of ${OVERSIZED_RUNS} oversized bodies gets its 413 and the error body, none a reset connection`, async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(oversizedCase, async (c) => {
        sent++;
        seenKinds.set(c.kind, (seenKinds.get(c.kind) ?? 0) + 1);
        // A reset (EPIPE, ECONNRESET) rejects here and fails the property: the 413 must arrive.
        const answer = await server.send({ method: c.method, path: c.path, headers: c.headers, body: c.body });
        const what = describeCase(c);
        expectErrorAnswer(answer, 413, what);
        expect(answer.headers.connection, what).toBe('close');
        answered++;
      }),
      { ...FC_OPTIONS, numRuns: OVERSIZED_RUNS },
    );
    expect(answered).toBe(OVERSIZED_RUNS);
  }, 900_000);

  it(`answers ${RAW_RUNS} requests with broken framing on raw sockets with the JSON error body`, async () => {
    const route = fc
      .constantFrom(...BODY_OPS)
      .chain((id) => pathArb(id, 'real').map((path) => ({ id, path, method: operations[id].method })));
    const headerValue = fc.string({
      minLength: 1,
      maxLength: 20,
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
    });
    const framing = fc.oneof(
      fc.tuple(route, fc.stringMatching(/^[^\r\n]{1,20}$/)).map(([{ path }, method]) => ({
        kind: 'bad method',
        text: `${method.replace(/[A-Z]/g, '')}@ ${path} HTTP/1.1\r\nHost: x\r\n\r\n`,
        status: [400],
      })),
      fc
        .tuple(route, fc.constantFrom('HTTP/9.9', 'HTTP/1.x', 'HTTP/', 'HTTPS/1.1', 'http/1.1', 'HTTP/1.1 extra'))
        .map(([{ path, method }, version]) => ({
          kind: 'bad version',
          text: `${method} ${path} ${version}\r\nHost: x\r\n\r\n`,
          status: [400, 505],
        })),
      fc
        .tuple(route, fc.constantFrom('Bad Header: y', 'NoColon', 'X(y): z', ': empty', 'X-A: a\rb', 'X-\u0000: a'))
        .map(([{ path, method }, line]) => ({
          kind: 'bad header',
          text: `${method} ${path} HTTP/1.1\r\nHost: x\r\n${line}\r\n\r\n`,
          status: [400],
        })),
      fc
        .tuple(route, fc.constantFrom('abc', '-1', '1,2', '1.5', '0x10', ' ', '99999999999999999999'))
        .map(([{ path, method }, length]) => ({
          kind: 'bad content-length',
          text: `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{}`,
          status: [400],
        })),
      route.map(({ path, method }) => ({
        kind: 'two content-lengths',
        text: `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
        status: [400],
      })),
      route.map(({ path, method }) => ({
        kind: 'content-length and chunked',
        text: `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
        status: [400],
      })),
      fc.tuple(route, fc.constantFrom('zz', '-1', 'fffffffffffffffffff', '5;', '2\r\nab\r\nq')).map(([{ path, method }, size]) => ({
        kind: 'bad chunk',
        text: `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ACCOUNT_A.key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${size}\r\n{}\r\n0\r\n\r\n`,
        status: [400],
      })),
      fc.tuple(route, fc.integer({ min: 17 * 1024, max: 64 * 1024 })).map(([{ path }, size]) => ({
        kind: 'header overflow',
        text: `GET ${path} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(size)}\r\n\r\n`,
        status: [431],
      })),
      fc.tuple(route, headerValue).map(([{ path }, junk]) => ({
        kind: 'bad request target',
        text: `GET /v1/${junk}\u0000${path} HTTP/1.1\r\nHost: x\r\n\r\n`,
        status: [400],
      })),
      fc
        .uint8Array({ minLength: 1, maxLength: 200 })
        .filter((bytes) => !/^[\r\n]*([A-Z]+ |$)/.test(Buffer.from(bytes).toString('latin1')))
        .map((bytes) => ({ kind: 'garbage', text: Buffer.concat([Buffer.from(bytes), Buffer.from('\r\n\r\n')]), status: [400] })),
    );
    // A body cut off by EOF (content-length larger than what came): the request cannot complete.
    const truncated = fc.tuple(route, fc.integer({ min: 10, max: 5000 })).map(([{ path, method }, length]) => ({
      kind: 'body cut by EOF',
      text: `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ACCOUNT_A.key}\r\nContent-Type: application/json\r\nContent-Length: ${length + 2}\r\n\r\n{"`,
      status: [400],
      halfClose: true,
    }));
    // Refused for its headers (too large, or malformed) with a large body behind them, written
    // whole before anything is read: the answer must still arrive (the lingering close).
    const refusedWithBody = fc
      .tuple(
        route,
        fc.constantFrom(
          { header: 'X-Big: {20 KiB}', status: 431 },
          { header: 'X-Big: {64 KiB}', status: 431 },
          { header: 'Bad Header: y', status: 400 },
          { header: 'X-A: a\rb', status: 400 },
        ),
        fc.integer({ min: 64 * 1024, max: 6 * 1024 * 1024 }),
        fc.boolean(),
      )
      .map(([{ path, method }, { header, status }, size, chunked]) => ({
        kind: `${status} with a body`,
        // The body and a large header are made when sent (`bodyBytes`, `{N KiB}`): a failure
        // prints the head, not megabytes.
        text:
          `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ACCOUNT_A.key}\r\nContent-Type: application/json\r\n` +
          `${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`}\r\n${header}\r\n\r\n${chunked ? `${size.toString(16)}\r\n` : ''}`,
        bodyBytes: size,
        status: [status],
        readAfterWriting: true,
      }));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 9, arbitrary: framing }, { weight: 1, arbitrary: truncated }, { weight: 1, arbitrary: refusedWithBody }),
        async (c) => {
          sent++;
          seenKinds.set(`raw ${c.kind}`, (seenKinds.get(`raw ${c.kind}`) ?? 0) + 1);
          const payload =
            'bodyBytes' in c
              ? Buffer.concat([
                  Buffer.from(c.text.replace(/\{(\d+) KiB\}/, (_, kib: string) => 'a'.repeat(Number(kib) * 1024))),
                  Buffer.alloc(c.bodyBytes, 'x'),
                ])
              : c.text;
          const result = await rawExchange(server.port, payload, {
            halfClose: 'halfClose' in c,
            readAfterWriting: 'readAfterWriting' in c,
          });
          const what = `[raw ${c.kind}] ${JSON.stringify(String(c.text).slice(0, 200))} -> ${JSON.stringify(result)}`.slice(0, 1500);
          const response = parseRawResponse(result.text);
          expect(response, what).toBeDefined();
          expect(response!.complete, what).toBe(true);
          expect(c.status, what).toContain(response!.status);
          expect(response!.headers['x-content-type-options'], what).toBe('nosniff');
          expectErrorAnswer(
            { status: response!.status, headers: response!.headers, text: response!.body, json: JSON.parse(response!.body) },
            response!.status,
            what,
          );
        },
      ),
      { ...FC_OPTIONS, numRuns: RAW_RUNS },
    );
  }, 900_000);

  it('left every account exactly as it was: no store mutation, every readable resource unchanged', async () => {
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    expect(mutations.calls()).toEqual({});
    expect(await snapshot(server)).toEqual(before);
    expect(await snapshot(server, ACCOUNT_B)).toEqual(beforeB);
    // No 5xx was logged, and no request failed inside the server.
    expect(server.logs.filter((line) => / 5\d\d /.test(line) || line.startsWith('error'))).toEqual([]);
    expect(server.logs.length).toBeGreaterThanOrEqual(RUNS);
    expect(server.logs.filter((line) => containsKey(line, ACCOUNT_A.key) || containsKey(line, ACCOUNT_B.key))).toEqual([]);
    // The counter does see a mutation (so the empty count above means something).
    const valid = await server.send({
      method: 'POST',
      path: '/_reference/error-events',
      headers: { authorization: `Bearer ${ACCOUNT_A.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(baseBodies().recordErrorEvent),
    });
    expect(valid.status, valid.text).toBe(201);
    expect(mutations.calls()).toEqual({ errorEventRecorded: 1 });
  });
});
