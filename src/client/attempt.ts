// The types that the transport (transport.ts), the two HTTP stacks that make its attempts
// (http-node.ts, http-undici.ts) and the client's options (client.ts) all need: below all of
// them, so none of those modules imports another just for a type.
import type { Network } from './network.js';

/** Response headers as both HTTP stacks give them. */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

/** What one attempt over the wire gave, whichever HTTP stack made it. */
export type Attempt =
  | {
      outcome: 'answer';
      status: number;
      headers: ResponseHeaders;
      text: string;
      bodyError?: unknown;
      /** A success body over the client's limit (http-body.ts): not read to its end. */
      overLimit?: boolean;
      timedOut: boolean;
      /** The answer is the proxy's refusal of a CONNECT tunnel, not the server's. */
      fromProxy?: boolean;
    }
  | { outcome: 'no-answer'; error: unknown; timedOut: boolean };

export interface AttemptRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  payload: string | undefined;
  timeoutMs: number;
  network: Network;
}

/** One HTTP attempt once it has an outcome (ClientOptions.onRequest, for --verbose). Never holds the key. */
export interface RequestEvent {
  method: string;
  url: string;
  attempt: number;
  status?: number;
  error?: string;
  durationMs: number;
  /** Set when another attempt follows, after this many milliseconds. */
  retryInMs?: number;
  /** The proxy the request went through (password masked). */
  proxy?: string;
}
