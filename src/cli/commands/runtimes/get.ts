// `runtimes get`: one runtime by name, with the packages it includes (its dependencies) and their
// versions, to check what a check may import before moving it to that runtime.
import type { Runtime } from '../../../contract/schemas.js';
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { renderFields, renderTable, tableFormat } from '../../output/cells.js';
import { heading } from '../../output/sections.js';
import { isNotFound, notFoundAmong } from '../../errors/not-found.js';
import { isoDate } from './list.js';
import { terminalLine } from '../../output/terminal-text.js';

export function declare(runtimes: Noun): void {
  examples(
    runtimes
      .command('get')
      .description(
        'One runtime: its Node.js version, stage, end of life, description and the packages it includes, each with its version.\n\n' +
          'Piped: the fields as label<TAB>value lines, a line --, then one PACKAGE<TAB>VERSION line per package. ' +
          'With -o json: the API response (dependencies as an object of name: version). An unknown name is exit 4, ' +
          'with the closest names.',
      )
      .argument('<name>', 'name of the runtime, such as 2025.04 (runtimes list shows them)')
      .action((name, _options, command) => run(Context.fromCommand(command), name)),
    [
      'statusctl runtimes get 2025.04',
      "statusctl runtimes get 2025.04 --jq '.dependencies.playwright'",
      "statusctl runtimes get 2025.04 | sed -n '/^--$/,$p' | grep -i axios",
      'statusctl runtimes get 2025.04 -o md',
    ],
  );
}

export async function run(ctx: Context, name: string): Promise<void> {
  const client = await ctx.client();
  let runtime: Runtime;
  try {
    runtime = await client.getRuntime({ params: { id: name.trim() } });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    const all = await client.listRuntimes({});
    throw notFoundAmong(
      'runtime',
      'runtimes',
      name,
      all.map((known) => ({ names: [known.name], line: `${known.name} (${known.stage}, Node.js ${known.nodeJsVersion})` })),
    );
  }
  if (ctx.json) return ctx.printJson(runtime);
  await ctx.outPaged(await renderRuntime(ctx, runtime));
}

/** One runtime: its fields, then its packages as a table (piped: after a line `--`). */
export async function renderRuntime(ctx: Context, runtime: Runtime): Promise<string> {
  const format = tableFormat(ctx);
  const packages = Object.entries(runtime.dependencies ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const head = format === 'md' ? `### Runtime \`${terminalLine(runtime.name)}\`` : heading(ctx, 'Runtime', runtime.name);
  const fields = await renderFields(ctx, [
    ...(format === 'terminal' ? [] : [['runtime', { text: runtime.name, code: true }] as [string, { text: string; code: boolean }]]),
    ['node.js', runtime.nodeJsVersion],
    ['stage', runtime.stage ?? '-'],
    ['end of life', runtime.runtimeEndOfLife ? isoDate(runtime.runtimeEndOfLife) : '-'],
    ['multi-step', runtime.multiStepSupport ? 'yes' : 'no'],
    ['description', runtime.description ?? '-'],
  ]);
  const table = packages.length ? await renderTable(ctx, ['package', 'version'], packages) : undefined;
  const title = `Packages (${packages.length})`;
  const parts: string[] = [...(head ? [head] : []), fields];
  if (format === 'tsv') {
    // A `--` line between the fields and the package rows, as `incidents get` separates its timeline.
    if (table) parts.push('--', table);
  } else {
    parts.push('', format === 'md' ? `#### ${title}` : ctx.style.bold(title));
    if (format === 'md') parts.push('');
    parts.push(table ?? 'None.');
  }
  return parts.join('\n');
}
