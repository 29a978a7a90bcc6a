// checks: the CLI in-process against the reference server's demo checks (Payments API failing,
// Status page API degraded at their latest run).
import { describe, expect, it } from 'vitest';
import { CheckStatus } from '../../src/contract/schemas.js';
import { parseJson, runCli, stripAnsi, useTestServer } from './helpers.js';

const shared = useTestServer();
const cli = (args: string[], options: { terminalColumns?: number } = {}) =>
  runCli(args, { env: shared.server.env, inProcess: true, ...options });

describe('checks status', () => {
  it('-o json is the API shape; piped rows are id, name, state, last run, location, response time', async () => {
    const statuses = CheckStatus.array().parse(parseJson(await cli(['checks', 'status', '-o', 'json'])));
    expect(statuses.length).toBeGreaterThan(2);
    const result = await cli(['checks', 'status']);
    expect(result.code, result.stderr).toBe(0);
    const rows = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows.map((row) => row.slice(0, 2))).toEqual(statuses.map((status) => [status.checkId, status.name]));
    const payments = rows.find((row) => row[1] === 'Payments API')!;
    expect(payments[2]).toBe('failing');
    expect(payments[3]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(payments[4]).toBe('eu-central-1');
    expect(payments[5]).toMatch(/^\d+( ?– ?\d+)? ms$/);
    expect(rows.find((row) => row[1] === 'Status page API')![2]).toBe('degraded');
  });

  it('--failing and --degraded keep those checks, in every format', async () => {
    const failing = CheckStatus.array().parse(parseJson(await cli(['checks', 'status', '--failing', '-o', 'json'])));
    expect(failing.map((status) => status.name)).toEqual(['Payments API']);
    const degraded = await cli(['checks', 'status', '--degraded', '-o', 'md']);
    expect(degraded.stdout).toContain('| ID | NAME | STATE | LAST RUN | LOCATION | RESPONSE TIME |');
    expect(degraded.stdout).toContain('| Status page API | degraded |');
    expect(degraded.stdout).not.toContain('Payments API');
    const both = await cli(['checks', 'status', '--failing', '--degraded']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--failing.*--degraded|--degraded.*--failing/);
  });

  it('on a terminal: a header, short ids, relative last runs', async () => {
    const result = await cli(['checks', 'status'], { terminalColumns: 120 });
    expect(result.code, result.stderr).toBe(0);
    const [header, ...rows] = stripAnsi(result.stdout).trimEnd().split('\n');
    expect(header!.split(/\s{2,}/)).toEqual(['ID', 'NAME', 'STATE', 'LAST RUN', 'LOCATION', 'RESPONSE TIME']);
    expect(rows.find((row) => row.includes('Payments API'))).toMatch(/^[0-9a-f]{6,8} +Payments API +failing +.* ago /);
  });

  it('CHECK by name (any case, a prefix) or id: that status as a record, or the API object with -o json', async () => {
    const byName = CheckStatus.parse(parseJson(await cli(['checks', 'status', 'payments', '-o', 'json'])));
    expect(byName.name).toBe('Payments API');
    expect(byName.hasFailures).toBe(true);
    const byId = await cli(['checks', 'status', byName.checkId]);
    expect(byId.code, byId.stderr).toBe(0);
    expect(byId.stdout).toContain(`id\t${byName.checkId}\n`);
    expect(byId.stdout).toContain('state\tfailing\n');
    const terminal = stripAnsi((await cli(['checks', 'status', 'Payments API'], { terminalColumns: 100 })).stdout);
    expect(terminal).toContain(`Check ${byName.checkId}`);
  });

  it('an unknown check is exit 4 naming the checks there are, with a hint', async () => {
    const result = await cli(['checks', 'status', 'Paymnts API']);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('check "Paymnts API": not found (did you mean "Payments API"?)');
    expect(result.stderr).toMatch(/^hint: .*checks status/m);
    const ambiguous = await cli(['checks', 'status', 'p']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('check "p": matches 2 checks:');
    expect(ambiguous.stderr).toMatch(/^hint: /m);
  });
});
