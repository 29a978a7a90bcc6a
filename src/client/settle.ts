// A write whose answer was lost (the connection reset, no answer in time, a body cut short) may
// or may not have been applied: repeating it blindly could declare an incident twice and notify
// subscribers twice, giving up leaves the user guessing. So the write is settled by reading back,
// as the operations table says for its route (`readBack` in src/contract/table.ts; the finders
// are in read-back.ts):
// - found: what was read is the answer, and a note says that the answer was lost and the write
//   confirmed;
// - not found: it was not applied, so it is sent again (and a note says so);
// - a gateway's 502 or 504 in place of the server's answer counts as lost too: the request may
//   have reached the server behind it;
// - cannot tell (the read fails too, several match) or no read can tell (`readBack: 'none'`):
//   a WriteMayBeAppliedError, naming the read that tells; nothing is sent again.
// The named methods, `statusctl api` on a route of the table and the MCP tools all come through
// here, so each gets the same outcome.
import { routes, successStatus, type OperationId, type ReadBack } from '../contract/table.js';
import { ApiError, WriteMayBeAppliedError } from './errors.js';
import { errorCode } from './failures.js';
import { checkOf, findSent, nounOf } from './read-back.js';
import { send, type TransportOptions, type TransportRequest, type TransportResponse } from './transport.js';

/** What a caller is told when an answer was lost and the write settled all the same. */
export interface LostAnswerNote {
  method: string;
  /** The write's path, as sent. */
  path: string;
  /**
   * `confirmed`: reading back found it applied. `resent`: it was not applied (or, for a DELETE,
   * may be repeated) and is sent again. `already-gone`: a DELETE sent again found nothing to
   * delete (404), so the one whose answer was lost did it.
   */
  outcome: 'confirmed' | 'resent' | 'already-gone';
  /** One line for people: what was lost and what the read showed. */
  message: string;
  /** The id of what was found (confirmed only). */
  id?: string;
}

export interface SettledResponse extends TransportResponse {
  /** Set when an answer was lost on the way (the last note when there were several). */
  lostAnswer?: LostAnswerNote;
}

export interface WriteToSettle {
  operationId: OperationId;
  readBack: ReadBack;
  /** The write's path parameters (the read takes those of the same names). */
  params: Readonly<Record<string, string>>;
}

/** The request never left: refused, no such host, TLS refused. Nothing can have been applied. */
const NOT_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'EPROTO',
]);
const TLS_CODE = /^(CERT_|UNABLE_TO_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO_|SELF_SIGNED_)/;

/**
 * What a gateway (load balancer, proxy) answers in place of the server: 502, the server's answer
 * was unusable; 504, none came in time. Either way the request may have reached the server and
 * been applied. A 503 is a refusal: the service did not take the request.
 */
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 504]);

/**
 * Whether a failure lost the answer to a request that may have reached the server: `maybe`
 * (no answer: reset, timeout, a gateway's 502 or 504), `applied` (a 2xx whose body was cut short or garbled: the server
 * said it was done), or undefined (an answer came, or the request never left).
 */
export function lostAnswer(error: unknown): 'maybe' | 'applied' | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.kind === 'timeout') return 'maybe';
  if (error.kind === 'http') return error.status !== undefined && GATEWAY_STATUSES.has(error.status) ? 'maybe' : undefined;
  if (error.kind === 'invalid-response')
    return error.status !== undefined && error.status >= 200 && error.status < 300 ? 'applied' : undefined;
  if (error.kind !== 'network') return undefined;
  const code = errorCode(error.cause);
  return code !== undefined && (NOT_SENT_CODES.has(code) || TLS_CODE.test(code)) ? undefined : 'maybe';
}

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

export async function sendSettled(
  transport: TransportOptions,
  request: TransportRequest,
  write: WriteToSettle,
  onLostAnswer?: (note: LostAnswerNote) => void,
): Promise<SettledResponse> {
  const { readBack } = write;
  const noun = nounOf(readBack);
  const target = `${request.method.toUpperCase()} ${request.path}`;
  // Each time the read shows it was not applied, it is sent once more: as many times as the
  // transport would retry a request that may be repeated.
  const sends = Math.max(0, transport.retries) + 1;
  const notes = lostAnswerNotes(onLostAnswer);

  for (let sent = 1; ; sent++) {
    const began = nowMs();
    let failure: ApiError;
    let lost: 'maybe' | 'applied' | undefined;
    try {
      const response = await send(transport, request);
      return notes.last ? { ...response, lostAnswer: notes.last } : response;
    } catch (error) {
      lost = lostAnswer(error);
      if (lost === undefined) throw error;
      failure = error as ApiError;
    }
    const lostWhy = shortReason(failure);

    if (readBack === 'none') {
      throw new WriteMayBeAppliedError(
        failure,
        `${failure.message}: the answer was lost, so ${noun} may have been applied; no read can tell, so it was not sent again`,
      );
    }
    const check = checkOf(readBack, write.params);
    const verdict = await findSent(transport, readBack, check, request.body, began, (start) => nowMs() - start);

    if (verdict.outcome === 'found') {
      notes.tell({
        method: request.method.toUpperCase(),
        path: request.path,
        outcome: 'confirmed',
        id: verdict.id,
        message: `the answer to ${target} was lost (${lostWhy}); reading back found ${noun} (${verdict.id}): the write was applied once`,
      });
      // Answered with the status the write itself answers on success.
      const status = successStatusOf(write.operationId);
      return { status, headers: {}, body: verdict.item, text: JSON.stringify(verdict.item), lostAnswer: notes.last! };
    }
    if (verdict.outcome === 'unknown') {
      throw new WriteMayBeAppliedError(
        failure,
        `${failure.message}: the answer was lost, so ${noun} may have been applied; reading back could not tell (${verdict.reason}), so it was not sent again`,
        { check, candidates: verdict.candidates },
      );
    }
    if (lost === 'applied') {
      // The server said it was done, yet the read does not show it: never send it again.
      throw new WriteMayBeAppliedError(
        failure,
        `${failure.message}: the server answered ${failure.status} but reading back did not find ${noun}, so it was not sent again`,
        { check },
      );
    }
    if (sent >= sends) {
      throw new ApiError(
        failure.kind,
        `${failure.message}: reading back found ${noun} was not applied; sent ${sent} times, no answer came back`,
        { cause: failure.cause ?? failure },
      );
    }
    notes.tell({
      method: request.method.toUpperCase(),
      path: request.path,
      outcome: 'resent',
      message: `the answer to ${target} was lost (${lostWhy}); reading back did not find ${noun}, so it was not applied: sending it again`,
    });
  }
}

/**
 * A DELETE whose answer was lost is sent again (deleting twice changes nothing), and when the
 * repeat finds nothing to delete (404), the lost one did it: that is a success (with
 * `okStatus`, the operation's success status, no body) and a note saying it was already gone. The transport's own retries
 * count (a reset or a gateway's 502 or 504, then a 404); after a timeout or a cut body, which the
 * transport does not retry, it is sent again here, as many times as the client retries. A 404 to
 * a DELETE whose every answer came back is a 404 as any other: the id never was there.
 */
export async function sendDelete(
  transport: TransportOptions,
  request: TransportRequest,
  okStatus: number,
  onLostAnswer?: (note: LostAnswerNote) => void,
): Promise<SettledResponse> {
  const method = request.method.toUpperCase();
  const target = `${method} ${request.path}`;
  const sends = Math.max(0, transport.retries) + 1;
  let lost: ApiError | undefined;
  const notes = lostAnswerNotes(onLostAnswer);
  const watched: TransportRequest = {
    ...request,
    onRetry: (failure) => {
      request.onRetry?.(failure);
      if (lostAnswer(failure) !== undefined) lost = failure;
    },
  };

  for (let sent = 1; ; sent++) {
    try {
      const response = await send(transport, watched);
      return notes.last ? { ...response, lostAnswer: notes.last } : response;
    } catch (error) {
      if (lost && error instanceof ApiError && error.kind === 'http' && error.status === 404) {
        notes.tell({
          method,
          path: request.path,
          outcome: 'already-gone',
          message: `the answer to ${target} was lost (${shortReason(lost)}); sent again, it was already gone (404): the delete was done`,
        });
        return { status: okStatus, headers: {}, body: null, text: '', lostAnswer: notes.last! };
      }
      if (lostAnswer(error) === undefined || sent >= sends) throw error;
      lost = error as ApiError;
      notes.tell({
        method,
        path: request.path,
        outcome: 'resent',
        message: `the answer to ${target} was lost (${shortReason(lost)}); a DELETE may be repeated: sending it again`,
      });
    }
  }
}

/** The status an operation answers on success, from its row (no schema is loaded). */
export function successStatusOf(id: OperationId): number {
  return successStatus(routes[id]);
}

/** "connection reset, ECONNRESET", "no response within 30000 ms": the head of the failure's message. */
function shortReason(error: ApiError): string {
  return error.message
    .replace(/ (to|from) https?:\/\/\S+.*$/, '')
    .replace(/ \((GET|POST|PUT|PATCH|DELETE) [^)]*\)$/, '')
    .replace(/^([^()]*) \(([A-Z_]+)\)$/, '$1, $2');
}

/** The notes of one request's lost answers: the last one kept, and each told to the observer. */
function lostAnswerNotes(onLostAnswer?: (note: LostAnswerNote) => void): {
  last: LostAnswerNote | undefined;
  tell(next: LostAnswerNote): void;
} {
  const notes = {
    last: undefined as LostAnswerNote | undefined,
    tell(next: LostAnswerNote) {
      notes.last = next;
      try {
        onLostAnswer?.(next);
      } catch {
        // An observer that throws must not change the outcome of the request it observes.
      }
    },
  };
  return notes;
}
