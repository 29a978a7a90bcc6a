// A runtime checks can use: the rows of `runtimes list` and the fields of `runtimes get`.
import type { Runtime } from '../../contract/schemas.js';
import type { Paint } from '../output/table.js';
import type { View } from '../output/view.js';
import type { ResourceView } from './resource.js';

/** The API writes end of life as MM/DD/YYYY; people everywhere read YYYY-MM-DD (other forms are shown as received). */
export function isoDate(value: string): string {
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return us ? `${us[3]}-${us[1]}-${us[2]}` : value;
}

function stagePaint(ctx: View, stage: Runtime['stage'] | string): Paint | undefined {
  const s = ctx.io.style;
  switch (stage) {
    case 'CURRENT':
      return s.green.bold;
    case 'STABLE':
      return s.green;
    case 'BETA':
    case 'ALPHA':
      return s.cyan;
    case 'DEPRECATED':
      return s.yellow;
    case 'REMOVED':
      return s.red;
    default:
      return undefined;
  }
}

export const RUNTIME: ResourceView<Runtime> = {
  title: 'Runtime',
  argument: { name: 'name', help: 'name of the runtime, such as 2025.04 (runtimes list shows them)' },
  id: (runtime) => runtime.name,
  idLabel: 'runtime',
  markdownHeading: (runtime) => `### Runtime \`${runtime.name}\``,
  columns: [{ header: 'runtime', id: true }, 'node.js', 'stage', 'end of life', 'multi-step', 'description'],
  rows: (ctx, runtimes) =>
    runtimes.map((runtime) => [
      { text: runtime.name, paint: ctx.io.style.bold },
      runtime.nodeJsVersion,
      { text: runtime.stage, paint: stagePaint(ctx, runtime.stage) },
      isoDate(runtime.runtimeEndOfLife),
      runtime.multiStepSupport ? 'yes' : 'no',
      runtime.description,
    ]),
  fields: (_ctx, runtime) => [
    ['node.js', runtime.nodeJsVersion],
    ['stage', runtime.stage ?? '-'],
    ['end of life', runtime.runtimeEndOfLife ? isoDate(runtime.runtimeEndOfLife) : '-'],
    ['multi-step', runtime.multiStepSupport ? 'yes' : 'no'],
    ['description', runtime.description ?? '-'],
  ],
};
