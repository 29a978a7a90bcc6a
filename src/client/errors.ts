// The one error every client failure surfaces as, so callers (the CLI above all) map
// failures to exit codes and messages without knowing about undici or HTTP details.
import type { ErrorDetail } from '../contract/errors.js';

export type ApiErrorKind =
  /** The server answered with a non-success status. */
  | 'http'
  /** No answer: connection refused or reset, DNS failure. */
  | 'network'
  /** No answer within the request's timeout. */
  | 'timeout'
  /** An answer that is not the JSON it should be (garbled, truncated, an HTML page). */
  | 'invalid-response';

/** What the operations table says of an error status an operation answered (src/contract/error-responses.ts). */
export interface AnsweredOperation {
  /** The operation's id in the table. */
  id: string;
  /** Its row declares the status: the API documents it for this operation. */
  declares: boolean;
  /** Its path names something by id (a 404 can then mean that id names nothing). */
  hasPathIds: boolean;
  /** When the hosted API answers the status, where the row says so (`alsoAnswers`). */
  when: string | undefined;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, when the server answered. */
  readonly status: number | undefined;
  /** The server's own `message`, when it sent the documented error body. */
  readonly serverMessage: string | undefined;
  /** The fields the server named as refused (a 400), each cleaned for showing; at most a few. */
  readonly details: ErrorDetail[];
  /** How many more fields the server named than `details` holds. */
  readonly moreDetails: number;
  /**
   * The operation of the table the request was, when a client method sent it (a `statusctl api`
   * request has none), with what its row says of the status answered.
   */
  operation: AnsweredOperation | undefined;
  /** Seconds the server asked to wait (429), when it said. */
  readonly retryAfter: number | undefined;
  /** A network failure's error code from Node or undici (ECONNREFUSED, CERT_HAS_EXPIRED...). */
  readonly code: string | undefined;
  /** The proxy the request went through, password masked, when one was used. */
  readonly proxy: string | undefined;
  /** The status with which the proxy refused the request (407: its credentials), when it did. */
  readonly proxyStatus: number | undefined;

  constructor(
    kind: ApiErrorKind,
    message: string,
    extra: {
      status?: number;
      serverMessage?: string;
      details?: ErrorDetail[];
      moreDetails?: number;
      retryAfter?: number;
      cause?: unknown;
      code?: string;
      proxy?: string;
      proxyStatus?: number;
    } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.kind = kind;
    this.status = extra.status;
    this.serverMessage = extra.serverMessage;
    this.details = extra.details ?? [];
    this.moreDetails = extra.moreDetails ?? 0;
    this.operation = undefined;
    this.retryAfter = extra.retryAfter;
    this.code = extra.code;
    this.proxy = extra.proxy;
    this.proxyStatus = extra.proxyStatus;
  }
}

/** The read that tells whether a write whose answer was lost was applied: for a person to run. */
export interface WriteCheck {
  /** The GET operation to read (src/contract/table.ts), and its path. */
  operationId: string;
  path: string;
  params: Readonly<Record<string, string>>;
}

/**
 * A write whose answer was lost and which the client could not settle: it may have been applied.
 * It was not sent again. `check` is the read that tells (when there is one), `candidates` the
 * ids that match what was sent when there were several.
 */
export class WriteMayBeAppliedError extends ApiError {
  readonly check: WriteCheck | undefined;
  readonly candidates: string[];

  constructor(lost: ApiError, message: string, extra: { check?: WriteCheck | undefined; candidates?: string[] } = {}) {
    super(lost.kind, message, {
      ...(lost.status === undefined ? {} : { status: lost.status }),
      cause: lost.cause ?? lost,
    });
    this.check = extra.check;
    this.candidates = extra.candidates ?? [];
  }
}

/**
 * An answer whose body is not what the hosted API may answer: an `ApiError` of kind
 * `invalid-response`; `details` names each bad field (the first one is in the message too).
 */
export class AnswerShapeError extends ApiError {
  /** The route, as the table writes it (`GET /v1/runtimes`). */
  readonly route: string;

  constructor(route: string, target: string, status: number, details: ErrorDetail[], more: boolean) {
    const [first] = details;
    const others = details.length - 1;
    const rest = more
      ? ` (and more: --verbose lists the first ${details.length})`
      : others > 0
        ? ` (and ${others} more: --verbose lists them)`
        : '';
    super(
      'invalid-response',
      `the server's answer does not match the API: ${status} to ${target}, at ${first?.path}: ${first?.message}${rest}`,
      { status, details },
    );
    this.route = route;
  }
}
