// Live status pages: one Server-Sent Events stream per open page. The successful writes of the
// operations whose rows say they publish an incident are published here (withPageEvents), and
// each stream whose page includes one of the incident's services gets an `incident` event; the
// page's script then fetches the page again. A stream is a request being answered, not an idle connection: node's idle
// (keep-alive) and body timeouts do not apply to it. Streams need no key, so they have a cap of
// their own, per page and in all, outside the API's connection budget (connections.ts counts
// them apart), and the oldest one yields when the API needs its connection
// (docs/api-rules.md#live-streams).
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { PageEvent } from '../../contract/row.js';
import { routes, type OperationId, type Row } from '../../contract/table.js';
import type { AccountScope, HandlerRequest, HandlerResult, Handlers } from '../handlers/types.js';
import type { AccountStore } from '../store.js';

/** What a stream's page shows: a v2 page (by its id) and its services, or a V3 page (by its id). */
export type StreamScope = { v2PageId: string; serviceIds: ReadonlySet<string> } | { v3PageId: string };

interface Stream {
  res: ServerResponse;
  page: string;
  scope: StreamScope;
}

/** An event of a V3 page's stream: its name and what it names. */
export type V3Event = { name: 'incident'; incidentId: string } | { name: 'component'; componentId: string } | { name: 'page' };

export interface StreamLimits {
  /** Open streams at most, in all. */
  maxStreams: number;
  /** ... and per page. */
  maxStreamsPerPage: number;
}

/** A comment line this often keeps proxies and browsers from dropping a quiet stream. */
const KEEP_ALIVE_MS = 25_000;

export class PageEvents {
  private readonly streams = new Map<string, Set<Stream>>();
  /** Every open stream, oldest first (a Set keeps insertion order). */
  private readonly all = new Set<Stream>();
  private readonly perPage = new Map<string, number>();
  private keepAlive: NodeJS.Timeout | undefined;

  constructor(private readonly limits: StreamLimits) {}

  get openStreams(): number {
    return this.all.size;
  }

  /**
   * Answers the request with an event stream that lasts until the client or the server closes
   * it; false (nothing written) when the page or the server is at its cap of streams. `page`
   * names the page (its canonical address).
   */
  open(res: ServerResponse, accountId: string, page: string, scope: StreamScope, headers: Record<string, string>): boolean {
    const onPage = this.perPage.get(page) ?? 0;
    if (onPage >= this.limits.maxStreamsPerPage || this.all.size >= this.limits.maxStreams) return false;
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      // The connection ends with its stream: it never goes back to the API's keep-alive pool.
      connection: 'close',
    });
    // `retry`: how soon the browser reconnects after a drop.
    res.write('retry: 2000\n: connected\n\n');
    const stream: Stream = { res, page, scope };
    let set = this.streams.get(accountId);
    if (!set) this.streams.set(accountId, (set = new Set()));
    set.add(stream);
    this.all.add(stream);
    this.perPage.set(page, onPage + 1);
    this.keepAlive ??= setInterval(() => this.ping(), KEEP_ALIVE_MS).unref();
    res.once('close', () => {
      set.delete(stream);
      this.all.delete(stream);
      const left = (this.perPage.get(page) ?? 1) - 1;
      if (left > 0) this.perPage.set(page, left);
      else this.perPage.delete(page);
      if (this.all.size === 0) this.stopKeepAlive();
    });
    return true;
  }

  /**
   * Ends the oldest stream and closes its connection (returned), for an API request that needs
   * one; undefined when no stream is open. The browser reconnects after `retry`.
   */
  yieldOldest(): Socket | undefined {
    const oldest = this.all.values().next().value;
    if (oldest === undefined) return undefined;
    // Counted as gone at once: the connection's close reaches us later.
    this.all.delete(oldest);
    const socket = oldest.res.socket as Socket | null;
    oldest.res.end();
    if (socket) closeOnceWritten(socket);
    return socket ?? undefined;
  }

  /** An incident of the account that includes these services was created or changed. */
  publish(accountId: string, incidentId: string, serviceIds: readonly string[]): void {
    const set = this.streams.get(accountId);
    if (!set?.size) return;
    const message = `event: incident\ndata: ${JSON.stringify({ incidentId })}\n\n`;
    for (const stream of set) {
      const { scope } = stream;
      if ('v2PageId' in scope && serviceIds.some((id) => scope.serviceIds.has(id))) stream.res.write(message);
    }
  }

  /** Something a V3 page shows changed: an incident of it, one of its components, or the page itself. */
  publishV3(accountId: string, statusPageId: string, event: V3Event): void {
    const set = this.streams.get(accountId);
    if (!set?.size) return;
    const { name, ...data } = event;
    const message = `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const stream of set) {
      if ('v3PageId' in stream.scope && stream.scope.v3PageId === statusPageId) stream.res.write(message);
    }
  }

  /** A scheduled maintenance of these pages (v2 or V3, by id) changed: one maintenance, or the window's. */
  publishMaintenance(accountId: string, statusPageIds: readonly string[], maintenance: { maintenanceWindowId: number; id?: string }): void {
    const set = this.streams.get(accountId);
    if (!set?.size || !statusPageIds.length) return;
    const data = { maintenanceWindowId: maintenance.maintenanceWindowId, ...(maintenance.id ? { maintenanceId: maintenance.id } : {}) };
    const message = `event: maintenance\ndata: ${JSON.stringify(data)}\n\n`;
    for (const stream of set) {
      const pageId = 'v3PageId' in stream.scope ? stream.scope.v3PageId : stream.scope.v2PageId;
      if (statusPageIds.includes(pageId)) stream.res.write(message);
    }
  }

  /** Ends every stream (the server is closing: it waits for its connections). */
  close(): void {
    for (const set of this.streams.values()) for (const stream of set) stream.res.end();
    this.stopKeepAlive();
  }

  private ping(): void {
    for (const set of this.streams.values()) for (const stream of set) stream.res.write(': keep-alive\n\n');
  }

  private stopKeepAlive(): void {
    clearInterval(this.keepAlive);
    this.keepAlive = undefined;
  }
}

/**
 * Closes a connection once what was written to it has gone out, as net.Socket's destroySoon()
 * does, for any duplex stream: a connection of the in-process request() is an in-memory stream
 * pair, which has no destroySoon.
 */
function closeOnceWritten(connection: Duplex): void {
  if (connection.writableFinished) {
    connection.destroy();
    return;
  }
  connection.once('finish', () => connection.destroy());
  connection.end();
}

/** The operations whose success the open pages are told of, as their rows say (`publishes`). */
const PUBLISHED = (Object.keys(routes) as OperationId[]).filter((id) => (routes[id] as Row).publishes === 'incident');
const PUBLISHED_V3 = (Object.keys(routes) as OperationId[]).filter((id) => {
  const publishes = (routes[id] as Row).publishes;
  return publishes?.startsWith('v3-') && publishes !== 'v3-rule-incidents';
});
const PUBLISHED_RULES = (Object.keys(routes) as OperationId[]).filter((id) => (routes[id] as Row).publishes === 'v3-rule-incidents');

type AnyHandler = (request: HandlerRequest<OperationId>) => HandlerResult<OperationId> | Promise<HandlerResult<OperationId>>;

/**
 * The handlers, with each successful write of an operation whose row `publishes` an incident
 * published to the open pages once the handler has answered (with --data, after the write is
 * durable: the durable handlers are inside). The pages told are those that show the incident
 * before the write as well as those that show it after, so a page that lost it (an edit of its
 * services, a delete) loads itself again too.
 */
export function withPageEvents(map: Handlers, events: PageEvents): Handlers {
  const wrapped: Record<string, AnyHandler> = { ...(map as unknown as Record<string, AnyHandler>) };
  for (const id of PUBLISHED) wrapped[id] = publishing(wrapped[id]!, events);
  for (const id of PUBLISHED_V3) wrapped[id] = publishingV3(wrapped[id]!, (routes[id] as Row).publishes!, events);
  for (const id of PUBLISHED_RULES) wrapped[id] = publishingRuleIncidents(wrapped[id]!, events);
  return wrapped as unknown as Handlers;
}

function publishing(handler: AnyHandler, events: PageEvents): AnyHandler {
  return (request) => {
    const { account } = request;
    // The incident is the path's; a write that makes one names it in its answer.
    const inPath = (request.params as Readonly<Record<string, string | undefined>>).incidentId;
    const before = inPath === undefined ? [] : serviceIdsOf(account, inPath);
    const result = handler(request);
    const after = (answered: HandlerResult<OperationId>): HandlerResult<OperationId> => {
      if (answered.status < 300) {
        const incidentId = inPath ?? idOf(answered.body);
        if (incidentId) events.publish(account.id, incidentId, [...new Set([...before, ...serviceIdsOf(account, incidentId)])]);
      }
      return answered;
    };
    return result instanceof Promise ? result.then(after) : after(result);
  };
}

function idOf(body: unknown): string | undefined {
  const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
}

function serviceIdsOf(account: AccountScope, incidentId: string): string[] {
  return account.store.getIncident(incidentId)?.services.map((service) => service.id) ?? [];
}

/** A V3 write, published to the streams of the path's page: what it names is the path's id, or the answer's for a create. */
function publishingV3(handler: AnyHandler, kind: PageEvent, events: PageEvents): AnyHandler {
  return (request) => {
    const params = request.params as Readonly<Record<string, string | undefined>>;
    const result = handler(request);
    const after = (answered: HandlerResult<OperationId>): HandlerResult<OperationId> => {
      const statusPageId = params.statusPageId;
      if (answered.status >= 300 || statusPageId === undefined) return answered;
      const event = v3EventOf(kind, params, answered.body);
      if (event) events.publishV3(request.account.id, statusPageId, event);
      return answered;
    };
    return result instanceof Promise ? result.then(after) : after(result);
  };
}

function v3EventOf(kind: PageEvent, params: Readonly<Record<string, string | undefined>>, body: unknown): V3Event | undefined {
  if (kind === 'v3-page') return { name: 'page' };
  const id = (kind === 'v3-incident' ? params.incidentId : params.componentId) ?? idOf(body);
  if (id === undefined) return undefined;
  return kind === 'v3-incident' ? { name: 'incident', incidentId: id } : { name: 'component', componentId: id };
}

/**
 * A write that feeds the automation rules: each V3 incident changed by it (a rule opened or
 * resolved it, as the handler ran) is published to its page's streams, as one written through
 * the API is (publishRuleIncidents).
 */
function publishingRuleIncidents(handler: AnyHandler, events: PageEvents): AnyHandler {
  return (request) => {
    const { account } = request;
    const before = account.store.records.v3Incidents.changes;
    const result = handler(request);
    const after = (answered: HandlerResult<OperationId>): HandlerResult<OperationId> => {
      if (answered.status < 300) publishRuleIncidents(events, account.store, before);
      return answered;
    };
    return result instanceof Promise ? result.then(after) : after(result);
  };
}

/**
 * What a check result changed of the account's V3 incidents, published to their pages' streams:
 * the one path of a result recorded through the API and of a check session's run
 * (check-runner.ts). The incidents' change numbers tell which: those numbered from `before` on.
 */
export function publishRuleIncidents(events: PageEvents, store: AccountStore, before: number): void {
  for (const incident of store.records.v3Incidents.changedSince(before))
    events.publishV3(store.accountId, incident.statusPageId, { name: 'incident', incidentId: incident.id });
}
