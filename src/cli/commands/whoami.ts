// `statusctl whoami` (also `auth status`, which prints with this renderer): which credentials a
// command would use, where each came from, and whether the server takes them (one request;
// src/cli/settings/credentials-in-use.ts builds the report). The key is shown masked.
import { examples } from '../runtime/command-kit.js';
import { Context } from '../runtime/context.js';
import {
  CREDENTIALS_IN_USE_HELP,
  type Inspection,
  inspectCredentials,
  type ProxyInUse,
  type Shown,
} from '../settings/credentials-in-use.js';
import type { Program } from '../runtime/globals.js';
import { renderFields } from '../output/cells.js';

export function register(program: Program): void {
  examples(
    program
      .command('whoami')
      .description(CREDENTIALS_IN_USE_HELP)
      .action((_options, command) => run(Context.fromCommand(command))),
    ['statusctl whoami', 'statusctl whoami --profile staging', 'statusctl whoami -o json'],
  );
}

export async function run(ctx: Context): Promise<void> {
  const inspection = await inspectCredentials(ctx);
  if (ctx.json) await ctx.printJson(inspection.report);
  else ctx.out(await renderWhoami(ctx, inspection));
  // The settings are shown whatever the check found: with the server down, they are what to look at.
  if (inspection.error !== undefined) throw inspection.error;
}

/** The credentials as labelled lines, each with its source, then the server's verdict. */
export async function renderWhoami(ctx: Context, { report, checked }: Inspection): Promise<string> {
  const line = ({ value, source }: Shown) => `${value ?? '(not set)'} (${source})`;
  const { server } = report;
  return renderFields(ctx, [
    ['profile', line(report.profile)],
    ['base URL', line(report.baseUrl)],
    ['account id', line(report.accountId)],
    ['API key', line(report.apiKey)],
    ['proxy', proxyLine(report.proxy)],
    [
      'server',
      server.accepted ? ctx.style.green(server.message) : ctx.style.red(`${checked ? 'refuses them' : 'not checked'}: ${server.message}`),
    ],
  ]);
}

/** The proxy in use and where it comes from, or why none is. */
function proxyLine(proxy: ProxyInUse): string {
  if (proxy.value === null) return '(not set) (unset)';
  if (!proxy.used) return `none: NO_PROXY=${proxy.bypassedBy ?? ''} sends this base URL direct (${proxy.value} from ${proxy.from})`;
  return `${proxy.value} (from ${proxy.from})`;
}
