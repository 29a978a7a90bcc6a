// Turns what went wrong on the wire into one-line ApiError messages. Every message ends with the
// request it concerns, "(GET /v1/runtimes)" or "(GET /v1/runtimes, 3 attempts)", so a user
// reading only the last line of a CLI run knows what failed; the API key is scrubbed from every
// text that came from outside (a proxy may echo request headers into its error page).
import { reasonPhrase } from '../contract/reason-phrase.js';
import type { Attempt } from './attempt.js';
import { ApiError } from './errors.js';

/** What every message names: the request, and how many attempts were made. */
export interface RequestLabel {
  method: string;
  /** The URL sent (never carries credentials). */
  url: URL;
  attempts: number;
  /** Scrubbed from every text copied into a message. */
  apiKey: string;
  /** The proxy the request went through, password masked. */
  proxy?: string | undefined;
}

const SNIPPET_CHARS = 80;

const NETWORK_DESCRIPTIONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed while sending',
  ETIMEDOUT: 'connection timed out',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'connection closed by the server',
  UND_ERR_CLOSED: 'connection closed',
  UND_ERR_CONNECT_TIMEOUT: 'connect timed out',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'body shorter than its content-length',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  CERT_NOT_YET_VALID: 'TLS certificate not yet valid',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'TLS certificate issued by an unknown authority',
  UNABLE_TO_GET_ISSUER_CERT: 'TLS certificate issued by an unknown authority',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate cannot be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not match the host',
  EPROTO: 'TLS handshake failed',
};

/** undici's own timeouts (when they fire before ours) are timeouts, not network failures. */
export const TIMEOUT_CODES: ReadonlySet<string> = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** The error code of a failure, looking through the wrappers Node and undici put around it. */
export function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    // Happy-eyeballs connects fail with an AggregateError holding one error per address.
    const inner = (current as { errors?: unknown[] }).errors?.[0];
    current = inner ?? (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Text on one line, without control characters, the key replaced, cut to `max` characters. */
export function oneLine(text: string, apiKey: string, max = SNIPPET_CHARS): string {
  const flat = scrub(text, apiKey)
    .replace(/[\u0000-\u001f\u007f\u2028\u2029\s]+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Removes the API key (and its Bearer form) from text that came from outside. */
export function scrub(text: string, apiKey: string): string {
  return apiKey.length >= 4 ? text.split(apiKey).join('[redacted]') : text;
}

function suffix(label: RequestLabel): string {
  const target = `${label.method} ${label.url.pathname}${label.url.search}`;
  return label.attempts > 1 ? `(${target}, ${label.attempts} attempts)` : `(${target})`;
}

function statusLine(status: number): string {
  return `${status} ${reasonPhrase(status)}`;
}

/** A short, readable account of a body that is not the documented error JSON. */
export function describeBody(text: string, contentType: string | undefined, apiKey: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty body';
  if (/html/i.test(contentType ?? '') || /^<(!doctype|html|head|body|\?xml)/i.test(trimmed)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(trimmed)?.[1] ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(trimmed)?.[1];
    const heading = title ? oneLine(title.replace(/<[^>]*>/g, ''), apiKey) : '';
    return heading ? `HTML error page "${heading}"` : 'HTML error page';
  }
  return `"${oneLine(trimmed, apiKey)}"`;
}

/**
 * A non-2xx answer. Uses the server's own message and the fields it names when it sent an error
 * body (error-body.ts checks each part, so zod loads only for an error answer that is a JSON
 * object); anything else is described, never shown raw.
 */
export async function httpError(
  label: RequestLabel,
  response: { status: number; contentType: string | undefined; text: string; retryAfter: number | undefined },
): Promise<ApiError> {
  const { status, retryAfter } = response;
  const waitHint = retryAfter !== undefined && status === 429 ? `, retry after ${retryAfter} s` : '';
  let json: unknown;
  try {
    json = JSON.parse(response.text);
  } catch {
    json = undefined;
  }
  const parts =
    typeof json === 'object' && json !== null
      ? (await import('./error-body.js')).errorParts(json, (text, max) => oneLine(text, label.apiKey, max))
      : undefined;
  if (parts) {
    const serverMessage = parts.message === undefined ? undefined : scrub(parts.message, label.apiKey);
    const words = serverMessage === undefined ? '' : `: ${oneLine(serverMessage, label.apiKey, 300)}`;
    return new ApiError('http', `${statusLine(status)}${words}${waitHint} ${suffix(label)}`, {
      status,
      ...(serverMessage === undefined ? {} : { serverMessage }),
      details: parts.details,
      moreDetails: parts.moreDetails,
      ...(retryAfter === undefined ? {} : { retryAfter }),
    });
  }
  const body = describeBody(response.text, response.contentType, label.apiKey);
  return new ApiError('http', `${statusLine(status)}: ${body}${waitHint} ${suffix(label)}`, {
    status,
    ...(retryAfter === undefined ? {} : { retryAfter }),
  });
}

/** Failures to open a connection: through a proxy, it is the proxy that could not be reached. */
const CONNECT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** No answer at all: refused, reset, DNS, TLS. Names the code and the origin asked (or the proxy). */
export function networkError(label: RequestLabel, cause: unknown): ApiError {
  const code = errorCode(cause);
  const what = (code && NETWORK_DESCRIPTIONS[code]) ?? 'request failed';
  const detail = code ?? oneLine(cause instanceof Error ? cause.message : String(cause), label.apiKey);
  // A certificate names the hosts it is for: a wrong host is fixed faster when they are shown.
  const reason = code === 'ERR_TLS_CERT_ALTNAME_INVALID' ? altnameReason(cause) : '';
  let where = `to ${label.url.origin}`;
  if (label.proxy) {
    where =
      code !== undefined && CONNECT_CODES.has(code)
        ? `to the proxy ${label.proxy} (for ${label.url.origin})`
        : `to ${label.url.origin} through the proxy ${label.proxy}`;
  }
  return new ApiError('network', `${what} (${detail}${reason}) ${where} ${suffix(label)}`, {
    cause,
    ...(code === undefined ? {} : { code }),
    ...(label.proxy ? { proxy: label.proxy } : {}),
  });
}

function altnameReason(cause: unknown): string {
  let current: unknown = cause;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { reason, cert } = current as { reason?: unknown; cert?: { subjectaltname?: unknown } };
    if (typeof reason === 'string') {
      // For an IP address Node lists only the certificate's IP entries: its names help more.
      const names = typeof cert?.subjectaltname === 'string' ? `; the certificate is for ${cert.subjectaltname}` : '';
      return `: ${oneLine(`${reason.replace(/[:\s]+$/, '')}${names}`, '', 300)}`;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return '';
}

/** How a proxy said no: the HTTP status (407: its credentials) and the words to show. */
export interface ProxyRefusal {
  status: number;
  reason: string;
}

/** SOCKS5 refusals of the user and password, from socks-proxy-agent (node) and undici. */
const SOCKS_AUTH_FAILURE = /^Socks5 Authentication failed|^No acceptable authentication method/;
const SOCKS_AUTH_CODES: ReadonlySet<string> = new Set(['UND_ERR_SOCKS5_AUTH_FAILED', 'UND_ERR_SOCKS5_AUTH_REJECTED']);

/**
 * Whether the proxy refused the request, and how: a CONNECT answered with anything but 200
 * (node:http gets it as the response, undici as an error), a 407 (which only a proxy sends), or
 * a SOCKS5 proxy refusing the credentials (counted as a 407).
 */
export function proxyRefusal(result: Attempt): ProxyRefusal | undefined {
  if (result.outcome === 'answer') {
    return result.fromProxy || result.status === 407 ? { status: result.status, reason: statusLine(result.status) } : undefined;
  }
  const message = result.error instanceof Error ? result.error.message : '';
  const code = errorCode(result.error);
  if (SOCKS_AUTH_FAILURE.test(message) || (code !== undefined && SOCKS_AUTH_CODES.has(code))) {
    return { status: 407, reason: 'SOCKS5 authentication failed' };
  }
  const status = /^Proxy response \((\d{3})\)/.exec(message)?.[1] ?? /^Proxy Authentication Required \((407)\)/.exec(message)?.[1];
  return status === undefined ? undefined : { status: Number(status), reason: statusLine(Number(status)) };
}

/** The proxy said no; its password is never part of the message. */
export function proxyRefusedError(label: RequestLabel, refusal: ProxyRefusal): ApiError {
  const why = refusal.status === 407 ? 'refused the credentials' : 'refused the request';
  return new ApiError('network', `the proxy ${label.proxy} ${why} (${refusal.reason}) for ${label.url.origin} ${suffix(label)}`, {
    proxy: label.proxy ?? '',
    proxyStatus: refusal.status,
  });
}

export function timeoutError(label: RequestLabel, timeoutMs: number, cause?: unknown): ApiError {
  return new ApiError('timeout', `no response within ${timeoutMs} ms from ${label.url.origin} ${suffix(label)}`, {
    ...(cause === undefined ? {} : { cause }),
  });
}

/** A 2xx whose body is not JSON: garbled, cut short, an HTML page from a proxy. */
export function invalidResponseError(
  label: RequestLabel,
  status: number,
  problem: { text: string; contentType: string | undefined; bodyError?: unknown },
): ApiError {
  const { bodyError } = problem;
  if (bodyError !== undefined) {
    const code = errorCode(bodyError);
    const reason = code ? `${NETWORK_DESCRIPTIONS[code] ?? 'read failed'}, ${code}` : 'read failed';
    return new ApiError('invalid-response', `${statusLine(status)} but the body was cut short (${reason}) ${suffix(label)}`, {
      status,
      cause: bodyError,
    });
  }
  const body = describeBody(problem.text, problem.contentType, label.apiKey);
  return new ApiError('invalid-response', `${statusLine(status)} but the body is not JSON: ${body} ${suffix(label)}`, {
    status,
  });
}

/** A 2xx whose body is longer than the client reads (http-body.ts): refused unread, never parsed. */
export function tooLargeError(label: RequestLabel, status: number, limit: number): ApiError {
  return new ApiError(
    'invalid-response',
    `${statusLine(status)} but the body is larger than ${limit / (1024 * 1024)} MiB, the client's limit for an answer ${suffix(label)}`,
    { status },
  );
}
