// statusctl version: what to paste into a bug report, as `gh version` prints it: the CLI's
// version, then the Node.js it runs on and the platform.
import { examples } from '../command-kit.js';
import { Context } from '../context.js';
import type { Program } from '../globals.js';
import { VERSION } from '../version.js';

export function register(program: Program): void {
  examples(
    program
      .command('version')
      .description("statusctl's version, the Node.js version it runs on and the platform")
      .action((_options, command) => {
        const ctx = Context.fromCommand(command);
        if (ctx.json) {
          return ctx.printJson({ version: VERSION, node: process.version, platform: process.platform, arch: process.arch });
        }
        ctx.out(`statusctl version ${VERSION}\nNode.js ${process.version} on ${process.platform}-${process.arch}`);
      }),
    ['statusctl version', 'statusctl version --json'],
  );
}
