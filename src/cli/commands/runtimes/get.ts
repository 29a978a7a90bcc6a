// `runtimes get`: one runtime by name, with the packages it includes (its dependencies) and their
// versions, to check what a check may import before moving it to that runtime.
import type { Runtime } from '../../../contract/schemas.js';
import type { Context } from '../../runtime/context.js';
import { renderTable, tableFormat } from '../../output/cells.js';
import { isNotFound, notFoundAmong } from '../../errors/not-found.js';
import { getVerb } from '../../verbs/get.js';
import { renderRecord } from '../../views/resource.js';
import { RUNTIME } from '../../views/runtime.js';

export const { declare, run } = getVerb(RUNTIME, {
  description:
    'One runtime: its Node.js version, stage, end of life, description and the packages it includes, each with its version.\n\n' +
    'Piped: the fields as label<TAB>value lines, a line --, then one PACKAGE<TAB>VERSION line per package. ' +
    'With -o json: the API response (dependencies as an object of name: version). An unknown name is exit 4, ' +
    'with the closest names.',
  examples: [
    'statusctl runtimes get 2025.04',
    "statusctl runtimes get 2025.04 --jq '.dependencies.playwright'",
    "statusctl runtimes get 2025.04 | sed -n '/^--$/,$p' | grep -i axios",
    'statusctl runtimes get 2025.04 -o md',
  ],
  async fetch(ctx, name) {
    const client = await ctx.client();
    try {
      return await client.getRuntime({ params: { id: name.trim() } });
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
  },
  render: renderRuntime,
});

/** One runtime: its record, then its packages as a table (piped: after a line `--`). */
async function renderRuntime(ctx: Context, runtime: Runtime): Promise<string> {
  const format = tableFormat(ctx);
  const packages = Object.entries(runtime.dependencies ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const table = packages.length ? await renderTable(ctx, ['package', 'version'], packages) : undefined;
  const title = `Packages (${packages.length})`;
  const parts = [await renderRecord(ctx, RUNTIME, runtime)];
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
