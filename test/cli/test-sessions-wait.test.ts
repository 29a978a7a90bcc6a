// test-sessions get --wait: the built binary waits on the server's completion route, which holds
// each request on the test's clock; the test ends the session (or moves the clock past the wait)
// once the server holds the request, so nothing sleeps in real time.
import { describe, expect, it } from 'vitest';
import { manualClock } from '../support/clock.js';
import { startCli, startTestServer } from './helpers.js';

async function runningSession() {
  const clock = manualClock(Date.now());
  const server = await startTestServer({ overPort: true, now: clock.now, sleep: clock.sleep });
  const recorded = await server.call('POST', '/_reference/test-sessions', {
    body: { name: 'Deploy checks', status: 'RUNNING', results: [{ name: 'Orders API', checkType: 'API', outcome: 'passed' }] },
  });
  expect(recorded.status, recorded.text).toBe(201);
  const id = (recorded.json as { testSessionId: string }).testSessionId;
  const end = async (status: 'PASSED' | 'FAILED') => {
    const ended = await server.call('PATCH', `/_reference/test-sessions/${id}`, { body: { status } });
    expect(ended.status, ended.text).toBe(200);
  };
  return { clock, server, id, end };
}

describe('test-sessions get --wait', () => {
  it('exits 0 once the session passes, and shows it', async () => {
    const { clock, server, id, end } = await runningSession();
    const cli = startCli(['test-sessions', 'get', id, '--wait'], { env: server.env });
    // The server holds the completion request: the session is still running.
    await clock.sleeping();
    await end('PASSED');
    expect((await cli.exited).code, cli.stderr()).toBe(0);
    expect(cli.stdout()).toContain('status\tpassed\n');
    expect(cli.stderr()).toContain(`Waiting for test session ${id} to end`);
    expect(cli.stderr()).toContain(`Test session ${id} passed`);
  });

  it('exits 5 when the session fails, with the session on stdout', async () => {
    const { clock, server, id, end } = await runningSession();
    const cli = startCli(['test-sessions', 'get', id.slice(0, 8), '--wait', '-o', 'json'], { env: server.env });
    await clock.sleeping();
    await end('FAILED');
    expect((await cli.exited).code, cli.stderr()).toBe(5);
    expect(JSON.parse(cli.stdout())).toMatchObject({ testSessionId: id, status: 'FAILED' });
    expect(cli.stderr()).toContain(`test session ${id} failed (Deploy checks)`);
  });

  it('exits 1 when the wait runs out, saying how to wait more', async () => {
    const { clock, server, id } = await runningSession();
    const cli = startCli(['test-sessions', 'get', id, '--wait', '--wait-timeout', '40'], { env: server.env });
    // The wait is asked of the server in holds of at most 25 s: 25, then the 15 left.
    const holds: number[] = [];
    for (let i = 0; i < 2; i++) {
      const hold = await clock.sleeping();
      holds.push(hold);
      clock.advance(hold);
    }
    expect(holds).toEqual([25_000, 15_000]);
    expect((await cli.exited).code, cli.stderr()).toBe(1);
    expect(cli.stdout()).toBe('');
    expect(cli.stderr()).toContain(`test session ${id} is still running after 40s (--wait-timeout 40)`);
    expect(cli.stderr()).toContain(`hint: wait more: statusctl test-sessions get ${id} --wait`);
  });

  it('answers at once for a session that has ended', async () => {
    const { server, id, end } = await runningSession();
    await end('PASSED');
    const cli = startCli(['test-sessions', 'get', id, '--wait'], { env: server.env });
    expect((await cli.exited).code, cli.stderr()).toBe(0);
  });
});
