// INTERFACE STUB: the client helper replaces the body of createClient; the exported types and
// the shape of the returned object are the agreed interface the CLI is written against.
import type { Dispatcher } from 'undici';
import type { OperationId, OperationInput, OperationResult } from '../contract/operations.js';

export interface ClientOptions {
  /** e.g. http://127.0.0.1:4010 (a trailing slash or a path prefix are fine). */
  baseUrl: string;
  apiKey: string;
  /** Sent as x-service-account when given. */
  accountId?: string;
  /** Per request, in milliseconds. Default 30 000. */
  timeoutMs?: number;
  /** Retries for 429/502/503/504 and connection errors, GET and PUT only. Default 2. */
  retries?: number;
  /** First backoff delay in ms (doubles each retry, with jitter; Retry-After wins). Default 250. */
  retryBaseMs?: number;
  /** An undici dispatcher to send through (tests, proxies). Default: undici's global one. */
  dispatcher?: Dispatcher;
  /** Called for every HTTP attempt once it has an outcome (for --verbose). Never sees the key. */
  onRequest?: (event: RequestEvent) => void;
  /** Called when a success body does not match the contract; the body is still returned. */
  onWarning?: (message: string) => void;
}

export interface RequestEvent {
  method: string;
  url: string;
  attempt: number;
  status?: number;
  error?: string;
  durationMs: number;
}

export type Client = {
  [Id in OperationId]: (input: OperationInput<Id>) => Promise<OperationResult<Id>>;
} & {
  /** Same as the named methods, also returning the HTTP status (e.g. 200 vs 202 for an analysis). */
  call<Id extends OperationId>(id: Id, input: OperationInput<Id>): Promise<{ status: number; body: OperationResult<Id> }>;
};

export function createClient(_options: ClientOptions): Client {
  throw new Error('not implemented yet');
}
