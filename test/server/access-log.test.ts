// The access log's lines and batches (src/server/access-log.ts): what `statusctl server` writes to
// stderr for each answered request. The server's own tests check the lines it writes end to end.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAccessLog, lineFormatter, WallClock } from '../../src/server/access-log.js';

describe('access log lines', () => {
  it('text: the duration in milliseconds with three decimals, rounded to the microsecond', () => {
    const line = lineFormatter('text');
    expect(line('GET', '/v1/runtimes', 200, 0.4124)).toBe('GET /v1/runtimes 200 0.412ms');
    expect(line('POST', '/v1/status-pages/incidents', 201, 12.05)).toBe('POST /v1/status-pages/incidents 201 12.050ms');
    expect(line('GET', '/', 404, 1000.0006)).toBe('GET / 404 1000.001ms');
    expect(line('GET', '/', 200, 0.0004)).toBe('GET / 200 0.000ms');
    // The same figure as rounding to the microsecond and printing three decimals.
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), (ms) => {
        expect(line('GET', '/', 200, ms)).toBe(`GET / 200 ${(Math.round(ms * 1000) / 1000).toFixed(3)}ms`);
      }),
    );
  });

  it('json: one object with the wall-clock time, the request and its duration', () => {
    const before = Date.now();
    const entry = JSON.parse(lineFormatter('json')('GET', '/v1/runtimes', 200, 0.41237)) as Record<string, unknown>;
    expect(entry).toEqual({ time: expect.any(String), method: 'GET', path: '/v1/runtimes', status: 200, durationMs: 0.412 });
    expect(Object.keys(entry)).toEqual(['time', 'method', 'path', 'status', 'durationMs']);
    const time = Date.parse(entry.time as string);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
  });

  it("json: the time is Date's ISO text, the second's part made again only when the second changes", () => {
    const clock = new WallClock();
    // Times in order, as a log asks for them, some within one second and some across.
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2500 }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 0, max: 4e12 }),
        (steps, start) => {
          let now = start;
          for (const step of steps) {
            now += step;
            expect(clock.iso(now)).toBe(new Date(now).toISOString());
          }
        },
      ),
    );
  });
});

describe('access log batches', () => {
  /** A log whose batches are collected; flushed by hand (a delay that never passes in a test). */
  function collected() {
    const batches: string[] = [];
    const log = createAccessLog('text', (bytes) => batches.push(bytes.toString('utf8')), 60_000);
    return { log, batches };
  }

  it('writes nothing until flushed, then every line in order, each ending in a newline', () => {
    const { log, batches } = collected();
    const started = performance.now();
    for (let i = 0; i < 3; i++) log.record('GET', `/v1/incidents/${i}`, 200, started);
    expect(batches).toEqual([]);
    log.flush();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.split('\n')).toEqual([
      expect.stringMatching(/^GET \/v1\/incidents\/0 200 \d+\.\d{3}ms$/),
      expect.stringMatching(/^GET \/v1\/incidents\/1 200 \d+\.\d{3}ms$/),
      expect.stringMatching(/^GET \/v1\/incidents\/2 200 \d+\.\d{3}ms$/),
      '',
    ]);
    log.flush();
    expect(batches).toHaveLength(1);
  });

  it('writes a full batch at once, and loses or splits no line across batches, a line longer than a batch included', () => {
    const { log, batches } = collected();
    const started = performance.now();
    const paths = Array.from({ length: 3000 }, (_, i) => `/v1/status-pages/incidents/${'x'.repeat(i % 40)}${i}`);
    paths.splice(1500, 0, `/${'y'.repeat(100_000)}`);
    for (const path of paths) log.record('GET', path, 200, started);
    // Written without waiting: the batches were full.
    expect(batches.length).toBeGreaterThan(1);
    log.flush();
    for (const batch of batches) expect(batch.endsWith('\n')).toBe(true);
    const lines = batches.join('').slice(0, -1).split('\n');
    expect(lines.map((line) => line.split(' ')[1])).toEqual(paths);
  });

  it('without a delay, writes at the end of the turn', async () => {
    const batches: string[] = [];
    const log = createAccessLog('text', (bytes) => batches.push(bytes.toString('utf8')));
    log.record('GET', '/v1/runtimes', 200, performance.now());
    log.record('GET', '/v1/runtimes', 200, performance.now());
    expect(batches).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toHaveLength(1);
    expect(batches[0]!.split('\n')).toHaveLength(3);
  });
});
