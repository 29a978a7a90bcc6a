// The components of V3 status pages (docs/api-rules.md#v3-components): a tree per page, its
// rules checked here before a change is made (a parent is a GROUP of the same page, never the
// component itself nor one of its own, a component with children stays a GROUP). An unknown
// page, an unknown component and another page's component are all 404.
import type { V3Component } from '../../contract/schemas.js';
import { dateOnly, isoUtc } from '../dates.js';
import { badField, notFound } from '../http-error.js';
import type { AccountStore } from '../store.js';
import { compareComponents } from '../store/v3-components.js';
import { DEFAULT_PAGE_SIZE } from './pagination.js';
import type { Handler, HandlerRequest } from './types.js';
import { requireV3StatusPage } from './v3-status-pages.js';

type ComponentInput = HandlerRequest<'createV3Component'>['body'];

function requireComponent(store: AccountStore, statusPageId: string, componentId: string): V3Component {
  requireV3StatusPage(store, statusPageId);
  const component = store.records.v3Components.get(statusPageId, componentId);
  if (!component) throw notFound('component', componentId);
  return component;
}

/** A 400 for a body that would break the page's tree; `own` is the component a PUT replaces. */
function checkTree(store: AccountStore, statusPageId: string, body: ComponentInput, own?: string): void {
  const components = store.records.v3Components;
  const parentId = body.parentId ?? null;
  if (parentId !== null) {
    const parent = components.get(statusPageId, parentId);
    if (parent?.type !== 'GROUP') throw badField('parentId', `"${parentId}" is not a GROUP component of this status page`);
    // Up from the parent: meeting the component itself means it would sit under its own.
    for (let at: V3Component | undefined = parent; at; at = at.parentId === null ? undefined : components.get(statusPageId, at.parentId)) {
      if (at.id === own) throw badField('parentId', 'a component cannot sit under itself or one of its own components');
    }
  }
  if (own !== undefined && (body.type ?? 'SERVICE') === 'SERVICE' && components.childrenOf(statusPageId, own).length > 0)
    throw badField('type', 'a component with components under it is a GROUP: move or delete them first');
}

/** The component a body makes: a field left out at its default (a PUT replaces the component). */
function fromBody(body: ComponentInput, own: Pick<V3Component, 'id' | 'statusPageId' | 'created_at'>, today: string): V3Component {
  return {
    id: own.id,
    statusPageId: own.statusPageId,
    type: body.type ?? 'SERVICE',
    name: body.name,
    description: body.description ?? null,
    displayOrder: body.displayOrder,
    hidden: body.hidden ?? false,
    parentId: body.parentId ?? null,
    created_at: own.created_at,
    updated_at: today,
  };
}

// A cursor names the last component served by its place in the order (displayOrder, name, id),
// so components added or removed between pages neither repeat nor shift what follows.
const CURSOR = 'v3components';

function encodeCursor(component: V3Component): string {
  return Buffer.from(`${CURSOR}:${JSON.stringify([component.displayOrder, component.name, component.id])}`, 'utf8').toString('base64url');
}

function isKey(key: unknown): key is [number, string, string] {
  return Array.isArray(key) && key.length === 3 && Number.isInteger(key[0]) && typeof key[1] === 'string' && typeof key[2] === 'string';
}

function decodeCursor(cursor: string): Pick<V3Component, 'displayOrder' | 'name' | 'id'> {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  let key: unknown;
  try {
    key = text.startsWith(`${CURSOR}:`) ? JSON.parse(text.slice(CURSOR.length + 1)) : undefined;
  } catch {
    key = undefined;
  }
  if (!isKey(key)) throw badField('nextId', 'is not a cursor from a previous page of this list');
  return { displayOrder: key[0], name: key[1], id: key[2] };
}

export const listV3Components: Handler<'listV3Components'> = ({ params, query, account: { store } }) => {
  // A bad cursor is a 400 before the page is looked up (docs/api-rules.md#errors: validation, then ids).
  const after = query.nextId === undefined ? undefined : decodeCursor(query.nextId);
  requireV3StatusPage(store, params.statusPageId);
  const all = store.records.v3Components.ofPage(params.statusPageId);
  const start = after === undefined ? 0 : all.findIndex((component) => compareComponents(component, after as V3Component) > 0);
  const rest = start === -1 ? [] : all.slice(start);
  const entries = rest.slice(0, query.limit ?? DEFAULT_PAGE_SIZE);
  const nextId = rest.length > entries.length ? encodeCursor(entries.at(-1)!) : null;
  return { status: 200, body: { length: entries.length, entries, nextId } };
};

export const getV3Component: Handler<'getV3Component'> = ({ params, account: { store } }) => ({
  status: 200,
  body: requireComponent(store, params.statusPageId, params.componentId),
});

export const createV3Component: Handler<'createV3Component'> = ({ params, body, account: { store }, app }) => {
  requireV3StatusPage(store, params.statusPageId);
  checkTree(store, params.statusPageId, body);
  const today = dateOnly(app.now());
  const component = fromBody(body, { id: app.newId(), statusPageId: params.statusPageId, created_at: today }, today);
  return { status: 201, body: store.commit({ kind: 'v3ComponentAdded', component }) };
};

export const updateV3Component: Handler<'updateV3Component'> = ({ params, body, account: { store }, app }) => {
  const before = requireComponent(store, params.statusPageId, params.componentId);
  checkTree(store, params.statusPageId, body, before.id);
  const component = fromBody(body, before, dateOnly(app.now()));
  return { status: 200, body: store.commit({ kind: 'v3ComponentReplaced', component }) };
};

export const deleteV3Component: Handler<'deleteV3Component'> = ({ params, account: { store }, app }) => {
  requireComponent(store, params.statusPageId, params.componentId);
  const now = app.now();
  const { statusPageId, componentId } = params;
  // Its open impact windows end now (the incidents' own change), then it goes, its children detached.
  store.commit({ kind: 'v3ComponentImpactsEnded', statusPageId, componentId, at: isoUtc(now), today: dateOnly(now) });
  store.commit({ kind: 'v3ComponentDeleted', statusPageId, componentId, today: dateOnly(now) });
  return { status: 204, body: null };
};
