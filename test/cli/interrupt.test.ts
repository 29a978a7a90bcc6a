// Ctrl-C while a spinner runs, in a real pseudo-terminal: the spinner's line is erased, the
// interruption is said on a clean line, the exit code is 130; on an 80-column terminal too, where
// the wait's line, once it says how long the wait has been, is as wide as the terminal (the ^C
// the terminal echoes would wrap onto the next row, away from the line that is cleared).
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { KEYS, runPty, useTestServer } from './helpers.js';
import { finalScreen } from './screen.js';

// Analyses take a minute here: the wait is still on when Ctrl-C comes.
const test = useTestServer({ rcaDelayMs: 60_000 });

describe('Ctrl-C', () => {
  it('erases the spinner line before saying the wait was interrupted', async () => {
    const client = createClient({ baseUrl: test.server.url, apiKey: test.server.account.key });
    const group = await client.recordErrorEvent({
      body: { checkId: 'check-interrupt', rawErrorMessage: 'connect ECONNREFUSED 10.0.0.1:443' },
    });
    const session = await runPty(['rca', 'request', group.id, '--wait'], { env: test.server.env });
    await session.waitFor('Waiting for analysis');
    session.write(KEYS.ctrlC);
    await session.waitFor('interrupted while waiting for analysis');
    expect(await session.exited()).toBe(130);
    const screen = finalScreen(session.raw()).filter(Boolean);
    expect(screen.some((line) => line.includes('Waiting for analysis'))).toBe(false);
    expect(screen.at(-2)).toMatch(/^statusctl: interrupted while waiting for analysis /);
    expect(screen.at(-1)).toMatch(/^hint: continue with: statusctl rca get \S+ --wait$/);
  });

  it("leaves no spinner on an 80-column terminal, where the wait's line is as wide as the terminal", async () => {
    const client = createClient({ baseUrl: test.server.url, apiKey: test.server.account.key });
    const group = await client.recordErrorEvent({
      body: { checkId: 'check-interrupt-narrow', rawErrorMessage: 'connect ECONNREFUSED 10.0.0.2:443' },
    });
    const session = await runPty(['rca', 'request', group.id, '--wait'], { env: test.server.env, cols: 80 });
    await session.waitFor(/Waiting for analysis \S+… \(\d+s, still/);
    session.write(KEYS.ctrlC);
    await session.waitFor('interrupted while waiting for analysis');
    expect(await session.exited()).toBe(130);
    // Rows as an 80-column terminal shows them: nothing of the spinner on any.
    const rows = finalScreen(session.raw(), 80).filter(Boolean);
    expect(rows.filter((row) => /Waiting for|still pend|⠋/.test(row))).toEqual([]);
    const lines = finalScreen(session.raw()).filter(Boolean);
    expect(lines.at(-2)).toMatch(/^statusctl: interrupted while waiting for analysis \S+; the analysis goes on on the server$/);
    expect(lines.at(-1)).toMatch(/^hint: continue with: statusctl rca get \S+ --wait$/);
  });
});
