// `rca get`: show an analysis, or that it is still pending. The API answers 202 PENDING until the
// analysis is ready, so waiting (here and for `rca request --wait`) is polling with backoff. The
// renderer of an analysis is here too; JSON output is the API's own body, printed as received.
import type { Client } from '../../../client/index.js';
import type { RootCauseAnalysis } from '../../../contract/schemas.js';
import { examples, positiveNumber } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { CliError, ExitCode } from '../../errors/exit-codes.js';
import type { Noun } from '../../runtime/globals.js';
import { renderFields, tableFormat } from '../../output/cells.js';
import { section } from '../../output/sections.js';
import { analysisFields } from '../../views/analysis.js';
import { sentId } from '../../input/ids.js';
import { startProgress } from '../../output/progress.js';
import { terminalLine, terminalText } from '../../output/terminal-text.js';

export const DEFAULT_WAIT_SECONDS = 120;
const FIRST_POLL_MS = 250;
const MAX_POLL_MS = 5000;

export interface GetOptions {
  wait?: boolean;
  waitTimeout: number;
  exitStatus?: boolean;
}

export function declare(rca: Noun): void {
  examples(
    rca
      .command('get')
      .description(
        'Show an analysis, or that it is still pending (exit 0 either way; with --exit-status, exit 5 while it is pending, for a script that polls)',
      )
      .argument(
        '<id>',
        'id of the analysis, whole (a UUID), as rca request prints it (its third column; the API lists no analyses, so a short id cannot be looked up)',
      )
      .option('--wait', 'wait until the analysis is ready (progress on stderr)')
      .option('--wait-timeout <seconds>', 'with --wait: give up after this long (exit 1)', positiveNumber, DEFAULT_WAIT_SECONDS)
      .option('--exit-status', 'exit 5 while the analysis is pending (its JSON still printed with -o json), 0 once it is ready')
      .action((id, options, command) => run(Context.fromCommand(command), id, options)),
    [
      'ID=$(statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1 | cut -f3) && statusctl rca get "$ID"',
      'statusctl rca get "$(statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1 | cut -f3)" --wait',
      'statusctl rca get "$(statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1 | cut -f3)" -o json',
      'ID=$(statusctl rca request c463c2d9-a899-5e7b-9e54-5b24368461d1 | cut -f3) && until statusctl rca get "$ID" --exit-status; do sleep 1; done',
    ],
  );
}

export async function run(ctx: Context, given: string, options: GetOptions): Promise<void> {
  const id = sentId('getRootCauseAnalysis', 'id', given, {
    name: 'ID',
    hint: 'statusctl rca request prints it (its third column); the API has no list of analyses to find a short id in',
  });
  await showAnalysis(ctx, id, options);
}

async function showAnalysis(ctx: Context, id: string, options: GetOptions): Promise<void> {
  const client = await ctx.client();
  if (options.wait) {
    await printAnalysis(ctx, await waitForAnalysis(ctx, client, id, options.waitTimeout));
    return;
  }
  const { body } = await client.call('getRootCauseAnalysis', { params: { id } });
  if (body.status === 'PENDING') {
    if (ctx.json) await ctx.printJson(body);
    // A script polling with --exit-status reads the exit code; the sentence goes to stderr with it.
    if (options.exitStatus) {
      throw new CliError(
        ExitCode.threshold,
        `analysis ${id} is still pending (--exit-status)`,
        undefined,
        `poll again, or wait for it: statusctl rca get ${id} --wait`,
      );
    }
    if (!ctx.json) ctx.out(`Analysis ${id} is still pending; wait for it with: statusctl rca get ${id} --wait`);
    return;
  }
  await printAnalysis(ctx, body);
}

export async function printAnalysis(ctx: Context, rca: RootCauseAnalysis): Promise<void> {
  if (ctx.json) return ctx.printJson(rca);
  ctx.out(await renderAnalysis(ctx, rca));
}

/**
 * Polls until the analysis is COMPLETED. The delay doubles from 250 ms up to 5 s: a quick
 * provider answers within a second, a slow one is not hammered. Gives up after `timeoutSeconds`
 * with exit 1 and a message saying how to continue.
 */
export async function waitForAnalysis(ctx: Context, client: Client, id: string, timeoutSeconds: number): Promise<RootCauseAnalysis> {
  // Measured on the monotonic clock: setting the system's time neither ends the wait nor makes it longer.
  const started = ctx.monotonicNow();
  const deadline = started + timeoutSeconds * 1000;
  const progress = await startProgress(ctx, `Waiting for analysis ${id}…`);
  // Ctrl-C ends the wait, not the analysis: exit 130 with the way back to it.
  let interrupt: (error: CliError) => void = () => {};
  const interrupted = new Promise<never>((_, reject) => (interrupt = reject));
  interrupted.catch(() => {});
  const onSigint = () =>
    interrupt(
      new CliError(
        ExitCode.interrupted,
        `interrupted while waiting for analysis ${id}; the analysis goes on on the server`,
        undefined,
        `continue with: statusctl rca get ${id} --wait`,
      ),
    );
  process.once('SIGINT', onSigint);
  let delay = FIRST_POLL_MS;
  try {
    for (;;) {
      const { status, body } = await Promise.race([client.call('getRootCauseAnalysis', { params: { id } }), interrupted]);
      // 200 is the documented signal; the body's status is checked too, liberal in what we accept.
      if (status !== 202 && body.status !== 'PENDING') {
        progress.stop(`Analysis ${id} completed after ${seconds(ctx.monotonicNow() - started)}`);
        return body as RootCauseAnalysis;
      }
      const remaining = deadline - ctx.monotonicNow();
      if (remaining <= 0) {
        throw new CliError(
          ExitCode.failure,
          `analysis ${id} is still pending after ${seconds(ctx.monotonicNow() - started)}; continue waiting with: statusctl rca get ${id} --wait`,
        );
      }
      progress.update(`Waiting for analysis ${id}… (${seconds(ctx.monotonicNow() - started)}, still pending)`);
      await Promise.race([ctx.sleep(Math.min(delay, remaining), ctx.signal), interrupted]);
      delay = Math.min(delay * 2, MAX_POLL_MS);
    }
  } catch (error) {
    progress.stop();
    throw error;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1000)}s`;
}

/**
 * An analysis for people: its fields (views/analysis.ts) under its heading, then each part of the
 * analysis as a section (-o md: Markdown). Piped, no heading: the fields are label<TAB>value lines.
 */
export async function renderAnalysis(ctx: Context, given: RootCauseAnalysis): Promise<string> {
  // The analysis is the server's (and a model's) text: nothing in it may steer the terminal. Its
  // fields are one line each; the parts of the analysis keep their lines.
  const rca = {
    ...terminalSafe(given, terminalLine),
    analysis: given.analysis ? terminalSafe(given.analysis, terminalText) : given.analysis,
  };
  const format = tableFormat(ctx);
  const fields = await renderFields(ctx, analysisFields(ctx, rca));
  if (format === 'md') return analysisMarkdown(rca, fields);
  const s = ctx.style;
  const parts = [format === 'terminal' ? `${s.bold('Root cause analysis')} ${rca.id} ${s.green(rca.status)}\n${fields}` : fields];

  const analysis = rca.analysis;
  if (!analysis) {
    parts.push(s.dim('The provider returned no analysis.'));
    return parts.join('\n\n');
  }
  if (analysis.classification) parts.push(section(ctx, 'Classification', analysis.classification));
  if (analysis.rootCause) parts.push(section(ctx, 'Root cause', analysis.rootCause));
  if (analysis.userImpact) parts.push(section(ctx, 'User impact', analysis.userImpact));
  if (analysis.codeFix) parts.push(section(ctx, 'Code fix', analysis.codeFix));
  if (analysis.evidence?.length) {
    const items = analysis.evidence.map((item) => {
      const artifacts = item.artifacts.map((artifact) => `${artifact.name} [${artifact.type}]`).join(', ');
      return `- ${item.description}${artifacts ? `\n  ${s.dim(`artifacts: ${artifacts}`)}` : ''}`;
    });
    parts.push(section(ctx, 'Evidence', items.join('\n')));
  }
  if (analysis.referenceLinks?.length) {
    const links = analysis.referenceLinks.map((link) => `- ${link.title}\n  ${s.cyan.underline(link.url)}`);
    parts.push(section(ctx, 'References', links.join('\n')));
  }
  return parts.join('\n\n');
}

/** The analysis as Markdown, to paste into a ticket or a chat (-o md). */
function analysisMarkdown(rca: RootCauseAnalysis, fields: string): string {
  const parts = [`### Root cause analysis \`${rca.id}\``, fields];
  const analysis = rca.analysis;
  if (!analysis) return [...parts, 'The provider returned no analysis.'].join('\n\n');
  const section = (title: string, body: string | undefined) => {
    if (body?.trim()) parts.push(`#### ${title}\n\n${body.trim()}`);
  };
  section('Classification', analysis.classification);
  section('Root cause', analysis.rootCause);
  section('User impact', analysis.userImpact);
  // Code fixes are usually code or a diff: a fenced block keeps their layout.
  if (analysis.codeFix?.trim()) parts.push(`#### Code fix\n\n\`\`\`\n${analysis.codeFix.trim()}\n\`\`\``);
  section(
    'Evidence',
    analysis.evidence
      ?.map((item) => {
        const artifacts = item.artifacts.map((artifact) => `${artifact.name} [${artifact.type}]`).join(', ');
        // Continuation lines indented, so a multi-line description stays one list item.
        return `- ${item.description.trim().replace(/\n/g, '\n  ')}${artifacts ? `\n  (artifacts: ${artifacts})` : ''}`;
      })
      .join('\n'),
  );
  section('References', analysis.referenceLinks?.map((link) => `- [${link.title}](${link.url})`).join('\n'));
  return parts.join('\n\n');
}

/** Every string of `value` made safe by `clean`, before anything is painted. */
function terminalSafe<T>(value: T, clean: (text: string) => string): T {
  if (typeof value === 'string') return clean(value) as T;
  if (Array.isArray(value)) return value.map((inner) => terminalSafe(inner, clean)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, terminalSafe(inner, clean)])) as T;
  }
  return value;
}
