// A component of a V3 status page: the rows of `components list` (the page's tree, each group
// followed by its children, indented on a terminal), the fields `components get` shows and the
// record create, edit and delete print; `status-pages get` of a V3 page shows the same tree.
import type { Impact } from '../lookup/page-kinds.js';
import type { V3Component, V3StatusPage } from '../api/types.js';
import { type Cell, exactTimeCell, idCells, tableFormat } from '../output/cells.js';
import type { View } from '../output/view.js';
import type { ResourceView } from './resource.js';

/** A component as shown: with its page, its current status, its parent and its depth in the tree. */
export interface ShownComponent {
  readonly component: V3Component;
  readonly page: V3StatusPage;
  readonly status: Impact;
  readonly parent?: V3Component | undefined;
  readonly children: readonly V3Component[];
  /** 0 at the top of the page (and for every one in a flat list). */
  readonly depth: number;
}

/**
 * The page's components in tree order: each top one (in the API's order: displayOrder, then
 * name) followed by its children, theirs after each. A component whose parent is not on the page
 * shows at the top; `flat` gives every depth 0.
 */
export function componentTree(
  page: V3StatusPage,
  components: readonly V3Component[],
  statuses: ReadonlyMap<string, Impact>,
  flat = false,
): ShownComponent[] {
  const byId = new Map(components.map((component) => [component.id, component]));
  const shown: ShownComponent[] = [];
  const seen = new Set<string>();
  const visit = (component: V3Component, depth: number) => {
    if (seen.has(component.id)) return;
    seen.add(component.id);
    const children = components.filter((child) => child.parentId === component.id);
    const parent = component.parentId ? byId.get(component.parentId) : undefined;
    shown.push({ component, page, status: statuses.get(component.id) ?? 'OPERATIONAL', parent, children, depth: flat ? 0 : depth });
    for (const child of children) visit(child, depth + 1);
  };
  for (const component of components) if (!component.parentId || !byId.has(component.parentId)) visit(component, 0);
  for (const component of components) visit(component, 0);
  return shown;
}

/** The status as the API names it for scripts (MAJOR_OUTAGE), in words and colored on a terminal. */
export function impactCell(ctx: View, status: Impact): Cell {
  const s = ctx.io.style;
  const paint = {
    OPERATIONAL: s.green,
    UNDER_MAINTENANCE: s.blue,
    DEGRADED_PERFORMANCE: s.yellow,
    PARTIAL_OUTAGE: s.red,
    MAJOR_OUTAGE: s.red.bold,
  }[status];
  return { text: status, short: status.toLowerCase().replace(/_/g, ' '), paint };
}

const typeText = (component: V3Component) => component.type.toLowerCase();

export const COMPONENT: ResourceView<ShownComponent> = {
  title: 'Component',
  argument: {
    name: 'component',
    help: 'id (or its first 6 or more characters) or name (any case, or its start) of the component; PAGE/NAME says which V3 page',
  },
  id: (shown) => shown.component.id,
  markdownHeading: (shown, title) => `### ${title}: ${shown.component.name}`,
  columns: [
    { header: 'id', id: true },
    'name',
    'type',
    'status',
    { header: 'parent', optional: 1 },
    { header: 'order', optional: 2 },
    { header: 'hidden', optional: 3 },
  ],
  rows(ctx, items) {
    const piped = tableFormat(ctx) === 'tsv';
    const id = idCells(items.map((shown) => shown.component.id));
    return items.map(({ component, status, parent, depth }) => [
      id(component.id),
      // On a terminal and in Markdown the tree shows in the names; piped, the parent's id says it.
      piped ? component.name : `${'  '.repeat(depth)}${component.name}`,
      typeText(component),
      impactCell(ctx, status),
      piped ? (component.parentId ?? '-') : (parent?.name ?? '-'),
      String(component.displayOrder),
      component.hidden ? 'hidden' : '-',
    ]);
  },
  fields: (ctx, { component, page, status, parent, children }) => [
    ['name', component.name],
    ['type', typeText(component)],
    ['status', impactCell(ctx, status)],
    ['page', `${page.name} (${page.url})`],
    ['parent', parent ? `${parent.name} (${parent.id})` : (component.parentId ?? '-')],
    ...(component.type === 'GROUP' ? [['children', children.map((child) => child.name).join(', ') || '-'] as [string, string]] : []),
    ['description', component.description ?? '-'],
    ['order', String(component.displayOrder)],
    ['hidden', component.hidden ? 'yes (not on the public page)' : 'no'],
    ['created', exactTimeCell(ctx, component.created_at)],
    ['updated', exactTimeCell(ctx, component.updated_at)],
  ],
};
