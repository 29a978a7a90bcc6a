// The V3 components kind: the components of each V3 status page, a tree of GROUPs holding
// SERVICEs and groups (docs/api-rules.md#v3-components). The rules of the tree are checked by
// the handlers before a change is made; a change only applies what was decided, so a replay
// does the same. A kind referring to components joins a component's delete by a method of its
// part (V3ComponentHolder), as a kind holding records of a page joins the page's.
import { z } from 'zod';
import type { V3Component, V3StatusPage } from '../../contract/schemas.js';
import { Id, Text } from '../fixtures/fields.js';
import type { FixtureContext } from './kind.js';
import { recordKind } from './kind.js';

export interface V3ComponentAdded {
  kind: 'v3ComponentAdded';
  component: V3Component;
}

/** A PUT: the whole component as it now is. */
export interface V3ComponentReplaced {
  kind: 'v3ComponentReplaced';
  component: V3Component;
}

/** A component goes; a group's children stay, at the top (parentId null, updated `today`). */
export interface V3ComponentDeleted {
  kind: 'v3ComponentDeleted';
  statusPageId: string;
  componentId: string;
  today: string;
}

/**
 * A part holding references to components (a subscriber's components, a rule's): told in the
 * change that deletes one, so a replay does the same.
 */
export interface V3ComponentHolder {
  v3ComponentDeleted(statusPageId: string, componentId: string, today: string): void;
}

function holdsComponents(part: unknown): part is V3ComponentHolder {
  return typeof (part as Partial<V3ComponentHolder>).v3ComponentDeleted === 'function';
}

/** Listed by displayOrder, then name (then id, so the order is total and a cursor exact). */
export function compareComponents(a: V3Component, b: V3Component): number {
  return a.displayOrder - b.displayOrder || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export class V3ComponentRecords {
  /** Per page, its components by id. */
  private readonly byPage = new Map<string, Map<string, V3Component>>();

  /** Every part of the store, told when a component goes. */
  constructor(private readonly parts: object) {}

  /** The page's components in list order; empty for a page without any. */
  ofPage(statusPageId: string): V3Component[] {
    return [...(this.byPage.get(statusPageId)?.values() ?? [])].sort(compareComponents);
  }

  /** The ids of the page's components. */
  idsOfPage(statusPageId: string): ReadonlySet<string> {
    return new Set(this.byPage.get(statusPageId)?.keys() ?? []);
  }

  get(statusPageId: string, componentId: string): V3Component | undefined {
    return this.byPage.get(statusPageId)?.get(componentId);
  }

  /** The components whose parent is this one. */
  childrenOf(statusPageId: string, componentId: string): V3Component[] {
    return [...(this.byPage.get(statusPageId)?.values() ?? [])].filter((component) => component.parentId === componentId);
  }

  put(component: V3Component): V3Component {
    let page = this.byPage.get(component.statusPageId);
    if (!page) this.byPage.set(component.statusPageId, (page = new Map()));
    page.set(component.id, component);
    return component;
  }

  deleted(statusPageId: string, componentId: string, today: string): void {
    const page = this.byPage.get(statusPageId);
    if (!page?.delete(componentId)) throw new Error(`no component ${componentId} on V3 status page ${statusPageId}`);
    for (const [id, child] of page) if (child.parentId === componentId) page.set(id, { ...child, parentId: null, updated_at: today });
    for (const part of Object.values(this.parts))
      if (part !== this && holdsComponents(part)) part.v3ComponentDeleted(statusPageId, componentId, today);
  }

  /** The page's components go with it (store/v3-status-pages.ts, V3PageHolder). */
  deleteOfV3Page(statusPageId: string): void {
    this.byPage.delete(statusPageId);
  }

  *all(): Generator<V3Component> {
    for (const page of this.byPage.values()) yield* page.values();
  }

  clear(): void {
    this.byPage.clear();
  }
}

const ComponentFields = {
  id: Id.optional(),
  name: Text,
  description: z.string().optional(),
  hidden: z.boolean().optional(),
};

/** A component of a fixture page: one with `components` (or `type: GROUP`) is a group of them, in their order. */
export const V3ComponentFixture = z.strictObject({
  ...ComponentFields,
  type: z.enum(['SERVICE', 'GROUP']).optional(),
  components: z.array(z.strictObject(ComponentFields)).optional(),
});
type V3ComponentFixture = z.infer<typeof V3ComponentFixture>;

/** The changes that add a fixture page's components, each displayOrder its place among its siblings. */
export function v3ComponentFixtureChanges(
  items: readonly V3ComponentFixture[],
  page: V3StatusPage,
  pageKey: string,
  ctx: FixtureContext,
): V3ComponentAdded[] {
  const changes: V3ComponentAdded[] = [];
  const make = (item: (typeof items)[number], index: number, parentId: string | null, type: 'SERVICE' | 'GROUP', key: string) => {
    const component: V3Component = {
      id: ctx.id('v3-component', `${pageKey}/${item.id ?? key}`),
      statusPageId: page.id,
      type,
      name: item.name,
      description: item.description ?? null,
      displayOrder: index + 1,
      hidden: item.hidden ?? false,
      parentId,
      created_at: page.created_at,
      updated_at: page.created_at,
    };
    changes.push({ kind: 'v3ComponentAdded', component });
    return component;
  };
  items.forEach((item, index) => {
    const group = item.type === 'GROUP' || item.components !== undefined;
    const made = make(item, index, null, group ? 'GROUP' : 'SERVICE', `#${index}`);
    for (const [childIndex, child] of (item.components ?? []).entries())
      make(child, childIndex, made.id, 'SERVICE', `#${index}/${childIndex}`);
  });
  return changes;
}

export const v3Components = recordKind({
  name: 'v3Components',
  make: (parts: object) => new V3ComponentRecords(parts),
  changes: {
    v3ComponentAdded: (part, change: V3ComponentAdded) => part.put(change.component),
    v3ComponentReplaced: (part, change: V3ComponentReplaced) => part.put(change.component),
    v3ComponentDeleted: (part, change: V3ComponentDeleted) => part.deleted(change.statusPageId, change.componentId, change.today),
  },
  snapshot: {
    *write(part) {
      for (const component of part.all()) yield { kind: 'v3Component' as const, component };
    },
    restore: {
      v3Component: (part, entry: { kind: 'v3Component'; component: V3Component }) => void part.put(entry.component),
    },
  },
});
