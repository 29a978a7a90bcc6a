// Bridges undici to msw. msw intercepts node:http and the global fetch, but not requests sent
// through undici's own dispatcher (https://github.com/mswjs/msw/issues/2165), which is what the client uses. This
// dispatcher hands each request to msw's getResponse() and plays the answer back through
// undici's handler callbacks, so the client's real undici code path runs against msw handlers.
//
// Conventions: an `HttpResponse.error()` becomes a reset connection (ECONNRESET, as a socket
// reset would), a response body stream that errors becomes a connection dropped mid-body, and a
// request no handler answers fails loudly (MSW_UNHANDLED) instead of touching the network.
import { getResponse, type RequestHandler } from 'msw';
import { Dispatcher } from 'undici';

export interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

type Handler = Required<
  Pick<Dispatcher.DispatchHandler, 'onRequestStart' | 'onResponseStart' | 'onResponseData' | 'onResponseEnd' | 'onResponseError'>
>;

/** What a handler is given to abort, pause and resume its request, as undici's own dispatchers give it. */
class Controller implements Dispatcher.DispatchController {
  #reason: Error | null = null;
  #paused = false;
  #resume: (() => void) | undefined;
  readonly #onAbort: (reason: Error) => void;

  constructor(onAbort: (reason: Error) => void) {
    this.#onAbort = onAbort;
  }

  get aborted(): boolean {
    return this.#reason !== null;
  }

  get paused(): boolean {
    return this.#paused;
  }

  get reason(): Error | null {
    return this.#reason;
  }

  abort(reason: Error): void {
    if (this.#reason) return;
    this.#reason = reason ?? new Error('aborted');
    this.#onAbort(this.#reason);
  }

  pause(): void {
    this.#paused = true;
  }

  resume(): void {
    this.#paused = false;
    this.#resume?.();
    this.#resume = undefined;
  }

  /** Settles when the handler wants more of the body (at once unless it paused). */
  ready(): Promise<void> {
    if (!this.#paused) return Promise.resolve();
    return new Promise((resolve) => {
      this.#resume = resolve;
    });
  }
}

export class MswDispatcher extends Dispatcher {
  /** Every request that reached the dispatcher, in order (attempts included). */
  readonly seen: SeenRequest[] = [];
  private readonly handlers: RequestHandler[];
  private readonly inFlight = new Set<AbortController>();

  constructor(handlers: RequestHandler[]) {
    super();
    this.handlers = handlers;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    // undici's request() drives the onRequestStart/onResponse* handler API; say so if that changes.
    const given = handler as Handler;
    if (typeof given.onRequestStart !== 'function' || typeof given.onResponseStart !== 'function') {
      throw new Error('MswDispatcher only drives handlers with the onRequestStart/onResponseStart API');
    }
    void this.respond(options, given);
    return true;
  }

  private async respond(options: Dispatcher.DispatchOptions, handler: Handler): Promise<void> {
    const abort = new AbortController();
    this.inFlight.add(abort);
    let finished = false;
    const aborted = new Promise<never>((_, reject) => {
      abort.signal.addEventListener('abort', () => reject(abort.signal.reason), { once: true });
    });
    aborted.catch(() => {});
    const fail = (error: unknown) => {
      if (finished) return;
      finished = true;
      abort.abort(error);
      handler.onResponseError(controller, error instanceof Error ? error : new Error(String(error)));
    };
    const controller = new Controller(fail);

    try {
      handler.onRequestStart(controller, {});
      if (finished) return;

      const request = this.toFetchRequest(options, abort.signal);
      const response = await Promise.race([getResponse(this.handlers, request), aborted]);
      if (finished) return;
      if (!response) {
        fail(Object.assign(new Error(`no msw handler for ${request.method} ${request.url}`), { code: 'MSW_UNHANDLED' }));
        return;
      }
      if (response.type === 'error') {
        fail(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' }));
        return;
      }

      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      handler.onResponseStart(controller, response.status, headers, response.statusText);
      if (response.body) {
        const reader = response.body.getReader();
        abort.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
        for (;;) {
          await Promise.race([controller.ready(), aborted]);
          const { done, value } = await Promise.race([reader.read(), aborted]);
          if (finished) return;
          if (done) break;
          handler.onResponseData(controller, Buffer.from(value));
        }
      }
      if (finished) return;
      finished = true;
      handler.onResponseEnd(controller, {});
    } catch (error) {
      fail(error);
    } finally {
      this.inFlight.delete(abort);
    }
  }

  private toFetchRequest(options: Dispatcher.DispatchOptions, signal: AbortSignal): Request {
    const url = new URL(options.path, options.origin as string | URL).href;
    const headers = new Headers();
    const given = options.headers;
    if (Array.isArray(given)) {
      for (let i = 0; i + 1 < given.length; i += 2) headers.append(String(given[i]), String(given[i + 1]));
    } else if (given) {
      for (const [name, value] of Object.entries(given as Record<string, string | string[] | undefined>)) {
        if (value !== undefined) headers.append(name, Array.isArray(value) ? value.join(', ') : value);
      }
    }
    const body = typeof options.body === 'string' ? options.body : undefined;
    this.seen.push({ method: options.method, url, headers: Object.fromEntries(headers), body });
    const hasBody = body !== undefined && options.method !== 'GET' && options.method !== 'HEAD';
    return new Request(url, { method: options.method, headers, signal, ...(hasBody ? { body } : {}) });
  }

  // Nothing to release but the requests still in flight (e.g. one a handler is holding).
  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    for (const controller of this.inFlight) controller.abort(new Error('dispatcher closed'));
    if (callback) callback();
    else return Promise.resolve();
  }

  override destroy(): Promise<void>;
  override destroy(error: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(error: Error | null, callback: () => void): void;
  override destroy(a?: Error | null | (() => void), b?: () => void): Promise<void> | void {
    const callback = typeof a === 'function' ? a : b;
    for (const controller of this.inFlight) controller.abort(a instanceof Error ? a : new Error('dispatcher destroyed'));
    if (callback) callback();
    else return Promise.resolve();
  }
}
