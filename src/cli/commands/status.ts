// `statusctl status`: one screen for an outage (gh's `status`, for incidents): the open incidents
// of both kinds of status page, the maintenances in progress or due within 24 hours, the checks
// failing or degraded, the named heartbeats below their target and the error groups first seen
// today or yesterday, each with the command that shows more (api/status-reads.ts reads them,
// all at once; views/status.ts lays them out). --watch reads again every --interval: on a
// terminal the screen is redrawn in place (the alternate screen, as gh's `run watch`), off one a
// screen is printed each time what it shows changes.
import { CliError, ExitCode } from '../errors/exit-codes.js';
import { describeFailure } from '../errors/failure.js';
import { sentId } from '../input/ids.js';
import { collect, examples, percentage, positiveInt } from '../runtime/command-kit.js';
import { Context } from '../runtime/context.js';
import type { Program } from '../runtime/globals.js';
import { anythingFails, readStatus, type StatusReport } from '../api/status-reads.js';
import { renderStatus } from '../views/status.js';
import { jsonEscaped } from '../output/terminal-text.js';

export const DEFAULT_FAIL_UNDER = 99.9;
const DEFAULT_INTERVAL_SECONDS = 10;

export interface StatusOptions {
  watch?: boolean;
  interval: number;
  heartbeat?: string[];
  failUnder: number;
  exitStatus?: boolean;
}

// The alternate screen, and the cursor home with the screen below it cleared (gh's `run watch`).
const ENTER_SCREEN = '\x1b[?1049h';
const LEAVE_SCREEN = '\x1b[?1049l';
const REDRAW = '\x1b[H\x1b[J';

const PART_NAMES = ['incidents', 'maintenances', 'checks', 'heartbeats', 'errorGroups'] as const;

export function register(program: Program): void {
  examples(
    program
      .command('status')
      .description(
        'What is failing now, on one screen: open incidents (v2 and V3 pages), maintenance in progress or due within 24 h, ' +
          'checks failing or degraded, heartbeats below their target, error groups first seen today or yesterday; each part ' +
          'with the command that shows more. The parts are read at once; one that cannot be read says so in its place, and the ' +
          'command then exits 1 after showing the others.\n\n' +
          'Heartbeats: no API lists heartbeat checks, so they are named, with --heartbeat or the profile setting heartbeats ' +
          '(statusctl config set heartbeats ID,ID); one is shown when its availability over the last 24 hours is below ' +
          `--fail-under (default ${DEFAULT_FAIL_UNDER}%) or it sent nothing.\n\n` +
          'With -o json: {incidents, maintenances, checks, heartbeats, errorGroups}, each an array of what the API answers ' +
          '(a heartbeat: {checkId, availability}); a part that cannot be read is an empty array, named on stderr. ' +
          '--exit-status: exit 5 when anything but maintenance is shown.\n\n' +
          '--watch reads again every --interval seconds until Ctrl-C (exit 130): on a terminal the screen is redrawn in place; ' +
          'off one (a pipe, a file) the screen, or with -o json one object per line, is printed again each time what it shows ' +
          'changes. With --exit-status the watch ends, exit 0, once nothing fails.',
      )
      .option('--heartbeat <check...>', 'heartbeat check ids to hold to the target (repeatable, or comma-separated)', collect)
      .option(
        '--fail-under <percent>',
        `a heartbeat below this availability over 24 h is shown (default ${DEFAULT_FAIL_UNDER}%)`,
        percentage,
        DEFAULT_FAIL_UNDER,
      )
      .option('--exit-status', 'exit 5 when an incident is open, a check fails or is degraded, a heartbeat is low or an error group is new')
      .option('--watch', 'read again every --interval and redraw (Ctrl-C stops)')
      .option(
        '--interval <seconds>',
        `seconds between reads with --watch (default ${DEFAULT_INTERVAL_SECONDS})`,
        positiveInt(1),
        DEFAULT_INTERVAL_SECONDS,
      )
      .action((options, command) => run(Context.fromCommand(command), options)),
    [
      'statusctl status',
      'statusctl status --heartbeat 676ca3e3-a836-5d4b-adc0-e52fb2a005d6 --fail-under 99.5',
      "statusctl status -o json --jq '.checks[].name'",
      'statusctl status --exit-status || echo "something is failing"',
    ],
  );
}

export async function run(ctx: Context, options: StatusOptions): Promise<void> {
  const heartbeats = await heartbeatIds(ctx, options);
  const client = await ctx.client();
  const read = () => readStatus(client, { heartbeats, failUnder: options.failUnder, forPeople: !ctx.json, now: ctx.now() });
  const render = (report: StatusReport) => renderStatus(ctx, report, { heartbeats, failUnder: options.failUnder });
  if (!options.watch) {
    const report = await read();
    throwIfNothingRead(report, heartbeats);
    if (ctx.json) await ctx.printJson(jsonOf(report));
    else await ctx.outPaged(await render(report));
    reportFailures(report);
    if (options.exitStatus && anythingFails(report)) throw new CliError(ExitCode.threshold, `failing now: ${summary(report)}`);
    return;
  }
  await watch(ctx, options, heartbeats, read, render);
}

/** --heartbeat's ids, else the profile's `heartbeats`; each a UUID. */
async function heartbeatIds(ctx: Context, options: StatusOptions): Promise<string[]> {
  const given = options.heartbeat ?? collect((await ctx.settings()).heartbeats ?? '');
  const source = options.heartbeat ? '--heartbeat' : 'the profile setting heartbeats';
  const argument = { name: source, hint: "a heartbeat check's id is a UUID, shown on the check's page in the app" };
  return [...new Set(given.map((id) => sentId('getHeartbeatAvailability', 'checkId', id, argument).toLowerCase()))];
}

/** -o json: the five parts, each an array of the API's own answers. */
function jsonOf(report: StatusReport) {
  const items = <T>(part: { ok: true; items: T[] } | { ok: false }) => (part.ok ? part.items : []);
  return {
    incidents: items(report.incidents).map((entry) => entry.incident),
    maintenances: items(report.maintenances).map((entry) => entry.maintenance),
    checks: items(report.checks),
    heartbeats: items(report.heartbeats),
    errorGroups: items(report.errorGroups),
  };
}

/**
 * Every part that reads failed (a refused key, a server down): that error, as any other command
 * gives it. The heartbeats read nothing when none is named.
 */
function throwIfNothingRead(report: StatusReport, heartbeats: readonly string[]): void {
  const parts = PART_NAMES.filter((name) => name !== 'heartbeats' || heartbeats.length > 0).map((name) => report[name]);
  const first = parts[0]!;
  if (!first.ok && parts.every((part) => !part.ok)) throw first.error;
}

function failedParts(report: StatusReport): { name: string; error: unknown }[] {
  return PART_NAMES.flatMap((name) => {
    const part = report[name];
    return part.ok ? [] : [{ name, error: part.error }];
  });
}

/** Parts that could not be read, after the others are shown: the exit code of the first. */
function reportFailures(report: StatusReport): void {
  const failed = failedParts(report);
  if (failed.length === 0) return;
  const failures = failed.map(({ name, error }) => ({ name, failure: describeFailure(error) }));
  const [first] = failures;
  if (failures.length === 1) {
    throw new CliError(
      first!.failure.exitCode,
      `${first!.name}: could not be read: ${first!.failure.message}`,
      undefined,
      first!.failure.hint,
    );
  }
  throw new CliError(
    first!.failure.exitCode,
    [`${failures.length} parts could not be read:`, ...failures.map(({ name, failure }) => `  ${name}: ${failure.message}`)].join('\n'),
  );
}

/** `2 open incidents, 1 check not passing`: what --exit-status fails on. */
function summary(report: StatusReport): string {
  const count = (part: { ok: boolean; items?: unknown[] }) => (part.ok ? (part.items?.length ?? 0) : 0);
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    [count(report.incidents), 'open incident', 'open incidents'],
    [count(report.checks), 'check failing or degraded', 'checks failing or degraded'],
    [count(report.heartbeats), 'heartbeat below target', 'heartbeats below target'],
    [count(report.errorGroups), 'new error group', 'new error groups'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, one, many]) => plural(n as number, one as string, many as string))
    .join(', ');
}

/**
 * Reads every --interval until Ctrl-C (or, with --exit-status, until nothing fails). On a
 * terminal each read redraws the screen; off one, a read that changes what is shown prints it.
 */
async function watch(
  ctx: Context,
  options: StatusOptions,
  heartbeats: readonly string[],
  read: () => Promise<StatusReport>,
  render: (report: StatusReport) => Promise<string>,
): Promise<void> {
  const terminal = Boolean(ctx.io.stdout.isTTY) && !ctx.json;
  let interrupt: () => void = () => {};
  const interrupted = new Promise<never>(
    (_, reject) => (interrupt = () => reject(new CliError(ExitCode.interrupted, 'interrupted: stopped watching'))),
  );
  interrupted.catch(() => {});
  const onSigint = () => interrupt();
  process.once('SIGINT', onSigint);
  const stop = new AbortController();
  let last: string | undefined;
  let screen = '';
  if (terminal) ctx.io.stdout.write(ENTER_SCREEN);
  try {
    for (let first = true; ; first = false) {
      if (!first) await Promise.race([ctx.sleep(options.interval * 1000, stop.signal), interrupted]);
      const report = await Promise.race([read(), interrupted]);
      if (first) throwIfNothingRead(report, heartbeats);
      const shown = ctx.json ? jsonEscaped(JSON.stringify(jsonOf(report))) : await render(report);
      if (terminal) {
        screen = shown;
        const note = ctx.style.dim(
          `Every ${options.interval} s; Ctrl-C to stop. Read at ${new Date(ctx.now()).toISOString().slice(11, 19)} UTC`,
        );
        ctx.io.stdout.write(`${REDRAW}${shown}\n\n${note}\n`);
      } else if (shown !== last) {
        if (ctx.json && ctx.globals.jq !== undefined) await ctx.printJson(jsonOf(report));
        else ctx.out(last === undefined || ctx.json ? shown : `\n${shown}`);
      }
      last = shown;
      if (options.exitStatus && failedParts(report).length === 0 && !anythingFails(report)) return;
    }
  } finally {
    stop.abort();
    process.removeListener('SIGINT', onSigint);
    // The last screen stays in the terminal's scrollback once the alternate screen is left.
    if (terminal) {
      ctx.io.stdout.write(LEAVE_SCREEN);
      if (screen) ctx.out(screen);
    }
  }
}
