// statusctl version: what to paste into a bug report, as `gh version` prints it: the CLI's
// version, then the Node.js it runs on and the platform.
import { examples } from '../runtime/command-kit.js';
import { Context } from '../runtime/context.js';
import type { Program } from '../runtime/globals.js';
import { VERSION } from '../runtime/version.js';

export interface VersionInfo {
  version: string;
  node: string;
  platform: string;
  arch: string;
}

export function register(program: Program): void {
  examples(
    program
      .command('version')
      .description("statusctl's version, the Node.js version it runs on and the platform")
      .action((_options, command) => run(Context.fromCommand(command))),
    ['statusctl version', 'statusctl version --json'],
  );
}

export async function run(ctx: Context): Promise<void> {
  const info: VersionInfo = { version: VERSION, node: process.version, platform: process.platform, arch: process.arch };
  if (ctx.json) return ctx.printJson(info);
  ctx.out(render(info));
}

export function render(info: VersionInfo): string {
  return `statusctl version ${info.version}\nNode.js ${info.node} on ${info.platform}-${info.arch}`;
}
