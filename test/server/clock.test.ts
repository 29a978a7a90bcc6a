// The server's one clock (docs/reference-server.md#the-test-clock): --test-clock starts it at an
// instant where it stands until POST /_reference/clock moves it forward; without the option the
// route is a 404 and the server keeps the time it is given.
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { expectError, expectSuccess, NOW, startTestServer, type TestServer } from './helpers.js';

const CHECK = '00000000-0000-4000-8000-0000000c1001';
const START = '2026-03-01T09:00:00.000Z';

/** The server's time, as a ping recorded without a timestamp carries it. */
async function serverTime(server: TestServer): Promise<string> {
  const ping = await server.call('POST', `/_reference/heartbeats/${CHECK}/events`, { body: { state: 'RECEIVED' } });
  return expectSuccess('recordHeartbeatEvent', ping, 201).timestamp;
}

const move = (server: TestServer, now: string) => server.call('POST', '/_reference/clock', { body: { now } });

describe('the test clock', () => {
  it('stands at the instant it was started at, and moves forward when told', async () => {
    const server = await startTestServer({ testClock: '2026-03-01T10:00:00+01:00' });
    expect(await serverTime(server)).toBe(START);
    expect(await serverTime(server)).toBe(START);
    expect(expectSuccess('moveClock', await move(server, '2026-03-01T10:30:00Z'), 200)).toEqual({ now: '2026-03-01T10:30:00.000Z' });
    expect(await serverTime(server)).toBe('2026-03-01T10:30:00.000Z');
    // Moving it to where it is already changes nothing.
    expectSuccess('moveClock', await move(server, '2026-03-01T10:30:00Z'), 200);
  });

  it('refuses to go back, naming the field', async () => {
    const server = await startTestServer({ testClock: START });
    const error = expectError(await move(server, '2026-03-01T08:59:59Z'), 400);
    expect(error.details?.[0]?.path).toBe('now');
    expect(error.message).toContain('forward');
    expect(await serverTime(server)).toBe(START);
  });

  it('starts at the time it is given without an instant', async () => {
    const server = await startTestServer({ testClock: true, now: () => NOW });
    expect(await serverTime(server)).toBe(new Date(NOW).toISOString());
  });

  it('is not there without --test-clock: the route answers 404 and the time is the one given', async () => {
    const server = await startTestServer({ now: () => NOW });
    expectError(await move(server, '2030-01-01T00:00:00Z'), 404);
    expect(await serverTime(server)).toBe(new Date(NOW).toISOString());
  });

  it('refuses an instant that is not a date-time, at start', async () => {
    await expect(startTestServer({ testClock: 'tomorrow' })).rejects.toThrow(/testClock/);
    const result = await runCli(['server', '--port', '0', '--test-clock', '2026-03-01'], { inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--test-clock');
    expect(result.stdout).not.toContain('listening');
  });
});
