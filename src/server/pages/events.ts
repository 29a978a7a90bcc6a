// Live status pages: one Server-Sent Events stream per open page. The incident handlers'
// successful writes are published here (withPageEvents), and each stream whose page includes
// one of the incident's services gets an `incident` event; the page's script then fetches the
// page again. A stream is a request being answered, not an idle connection: node's idle
// (keep-alive) and body timeouts do not apply to it, and the connection cap counts it as busy.
import type { ServerResponse } from 'node:http';
import type { AccountScope, Handler, HandlerRequest, HandlerResult, Handlers } from '../handlers/types.js';

interface Stream {
  res: ServerResponse;
  serviceIds: ReadonlySet<string>;
}

/** A comment line this often keeps proxies and browsers from dropping a quiet stream. */
const KEEP_ALIVE_MS = 25_000;

export class PageEvents {
  private readonly streams = new Map<string, Set<Stream>>();
  private keepAlive: NodeJS.Timeout | undefined;
  private count = 0;

  get openStreams(): number {
    return this.count;
  }

  /** Answers the request with an event stream that lasts until the client or the server closes it. */
  open(res: ServerResponse, accountId: string, serviceIds: ReadonlySet<string>, headers: Record<string, string>): void {
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    // `retry`: how soon the browser reconnects after a drop.
    res.write('retry: 2000\n: connected\n\n');
    const stream: Stream = { res, serviceIds };
    let set = this.streams.get(accountId);
    if (!set) this.streams.set(accountId, (set = new Set()));
    set.add(stream);
    this.count++;
    this.keepAlive ??= setInterval(() => this.ping(), KEEP_ALIVE_MS).unref();
    res.once('close', () => {
      set.delete(stream);
      this.count--;
      if (this.count === 0) this.stopKeepAlive();
    });
  }

  /** An incident of the account that includes these services was created or changed. */
  publish(accountId: string, incidentId: string, serviceIds: readonly string[]): void {
    const set = this.streams.get(accountId);
    if (!set?.size) return;
    const message = `event: incident\ndata: ${JSON.stringify({ incidentId })}\n\n`;
    for (const stream of set) {
      if (serviceIds.some((id) => stream.serviceIds.has(id))) stream.res.write(message);
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

type IncidentWrite = 'createIncident' | 'createIncidentUpdate' | 'updateIncidentUpdate';

/**
 * The handlers, with a successful incident write published to the open pages once the handler
 * has answered (with --data, after the write is durable: the durable handlers are inside).
 */
export function withPageEvents(map: Handlers, events: PageEvents): Handlers {
  const publishing = <Id extends IncidentWrite>(
    handler: Handler<Id>,
    incidentOf: (request: HandlerRequest<Id>, body: unknown) => string | undefined,
  ): Handler<Id> => {
    return (request) => {
      const result = handler(request);
      const after = (answered: HandlerResult<Id>): HandlerResult<Id> => {
        if (answered.status < 300) {
          const incidentId = incidentOf(request, answered.body);
          if (incidentId) publishIncident(events, request.account, incidentId);
        }
        return answered;
      };
      return result instanceof Promise ? result.then(after) : after(result);
    };
  };
  return {
    ...map,
    createIncident: publishing(map.createIncident, (_request, body) => (body as { id?: string }).id),
    createIncidentUpdate: publishing(map.createIncidentUpdate, (request) => request.params.incidentId),
    updateIncidentUpdate: publishing(map.updateIncidentUpdate, (request) => request.params.incidentId),
  };
}

function publishIncident(events: PageEvents, account: AccountScope, incidentId: string): void {
  const incident = account.store.getIncident(incidentId);
  if (incident)
    events.publish(
      account.id,
      incidentId,
      incident.services.map((service) => service.id),
    );
}
