// Generated floods of live status-page streams: fast-check opens streams past the caps on raw
// sockets, per page and in all; each must get the status its place calls for, and the API must be
// served throughout. FUZZ_RUNS and FUZZ_SEED work as in fuzz.test.ts (a run per 150 of FUZZ_RUNS).
import { connect, type Socket } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_A, ACCOUNT_B, parseRawResponse, startHardeningServer } from './support.js';
import { FC_OPTIONS, RUNS } from './fuzz-inputs.js';

describe('generated floods of live status-page streams', () => {
  const CAPS = { maxConnections: 8, maxStreams: 24, maxStreamsPerPage: 10 };
  const STREAM_RUNS = Math.max(5, Math.round(RUNS / 150));

  /** One EventSource-like request: the page, whose key it carries, and the status its place in the flood calls for. */
  interface StreamAsk {
    page: string;
    key?: string;
  }
  const askArb: fc.Arbitrary<StreamAsk> = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('acme-cloud', 'acme-payments').map((url) => ({ page: `${ACCOUNT_A.id}/${url}` })) },
    { weight: 3, arbitrary: fc.constantFrom('acme-cloud', 'acme-payments').map((url) => ({ page: `${ACCOUNT_B.id}/${url}` })) },
    { weight: 2, arbitrary: fc.constant({ page: `${ACCOUNT_A.id}/acme-internal`, key: ACCOUNT_A.key }) },
    { weight: 1, arbitrary: fc.constant({ page: `${ACCOUNT_A.id}/acme-internal` }) },
    { weight: 1, arbitrary: fc.constant({ page: `${ACCOUNT_A.id}/no-such-page` }) },
  );

  /** The status each ask gets, in order: 401/404 first, then the caps per page and in all. */
  function expected(asks: StreamAsk[]): number[] {
    const perPage = new Map<string, number>();
    let all = 0;
    return asks.map((ask) => {
      if (ask.page.endsWith('no-such-page')) return 404;
      if (ask.page.endsWith('acme-internal') && !ask.key) return 401;
      const onPage = perPage.get(ask.page) ?? 0;
      if (onPage >= CAPS.maxStreamsPerPage || all >= CAPS.maxStreams) return 503;
      perPage.set(ask.page, onPage + 1);
      all++;
      return 200;
    });
  }

  /** Opens one stream on a raw socket; resolves with its status once its head (and, for 200, its first event) arrived. */
  function ask(port: number, { page, key }: StreamAsk): Promise<{ status: number; socket: Socket }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('error', reject);
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const response = parseRawResponse(text);
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
        if (status === 200 ? text.includes(': connected\n\n') : response?.complete) resolve({ status, socket });
      });
      socket.write(
        `GET /status/${page}/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n${key ? `Authorization: Bearer ${key}\r\n` : ''}\r\n`,
      );
    });
  }

  it(`${STREAM_RUNS} floods past the caps: each stream gets the status its place calls for, and the API is served throughout`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(askArb, { minLength: CAPS.maxConnections, maxLength: 60 }), async (asks) => {
        // A server per flood: the next one starts with no stream open.
        const flooded = await startHardeningServer(CAPS);
        try {
          const statuses: number[] = [];
          for (const each of asks) {
            const { status, socket } = await ask(flooded.port, each);
            statuses.push(status);
            // 401, 404, 503: answered whole; only the streams stay open.
            if (status !== 200) socket.destroy();
          }
          expect(statuses).toEqual(expected(asks));
          // More streams open than the API has connections: every API request is still served.
          for (let i = 0; i < CAPS.maxConnections + 2; i++) expect((await flooded.get('/v1/runtimes')).status).toBe(200);
        } finally {
          // Ends the streams too.
          await flooded.stop();
        }
      }),
      { ...FC_OPTIONS, numRuns: STREAM_RUNS },
    );
  }, 300_000);
});
