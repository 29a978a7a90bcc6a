// Status pages as visitors see them: the HTML answer for a page's addresses (addresses.ts), its
// event stream (events.ts), and the short answers instead of a page: 401/403 for a private page
// without one of its account's keys, 300 when the address means pages of several accounts, 404.
// Requests for anything else are left to the API (the caller's pipeline).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { AccessLog } from '../access-log.js';
import { failedAuthentication, type KeyRing } from '../auth.js';
import type { AccountScope } from '../handlers/types.js';
import type { RateLimiter } from '../rate-limit.js';
import type { RequestTarget } from '../request-target.js';
import { maintenancesOnPage } from '../maintenance-reach.js';
import type { AccountStore, StoredStatusPage } from '../store.js';
import { canonicalPath, candidates, domainIndex, isPrivate, offeredTo, parseAddress, type PageMatch } from './addresses.js';
import { CLIENT_SCRIPT_HASH } from './client-script.js';
import type { PageEvents } from './events.js';
import { html } from './html.js';
import { renderNotice, renderStatusPage } from './template.js';
import { describeOverride, pageTheme, type PageTheme } from './theme.js';
import { pageView } from './view.js';
import { v3Body } from './v3-page.js';

export { PageEvents, withPageEvents } from './events.js';

export interface StatusPagesDeps {
  keys: KeyRing;
  accounts: ReadonlyMap<string, AccountScope>;
  now(): number;
  log(line: string): void;
  accessLog?: AccessLog | undefined;
  events: PageEvents;
  /** Failed authentications per client address (docs/api-rules.md#failed-authentications); none without --rate-limit. */
  authFailures?: RateLimiter | undefined;
  /** Brings the account's maintenance windows up to the clock before its page is drawn. */
  catchUp?: (store: AccountStore) => void;
}

/** What every HTML answer may load: its inline CSS and data: images, nothing from elsewhere. */
const BASE_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
];

/** A page also runs its one script, which connects to its own event stream. */
const CONTENT_SECURITY_POLICY = [...BASE_POLICY, `script-src '${CLIENT_SCRIPT_HASH}'`, "connect-src 'self'"].join('; ');

/** A notice (300, 401, 403, 404, 405) runs no script and connects nowhere. */
const NOTICE_POLICY = BASE_POLICY.join('; ');

/** When a stream refused at its cap may be asked for again. */
const STREAM_RETRY_AFTER_S = 30;

const REALM = 'Basic realm="statusctl status page: user name anything, password an API key of the account", charset="UTF-8"';

/** The key a request carries: `Bearer KEY` as the API takes it, or a browser's Basic with the key as password. */
export function presentedKey(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const bearer = /^Bearer +(\S+) *$/i.exec(authorization);
  if (bearer) return bearer[1];
  const basic = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(authorization);
  if (!basic) return undefined;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decoded.slice(colon + 1) || undefined;
}

interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

/**
 * The status pages' entry: answers a request for a page's address and says true, or leaves it
 * (false). `target` is the request target as the server's entry parsed it (undefined: no URL).
 */
export function createStatusPages(
  deps: StatusPagesDeps,
): (req: IncomingMessage, res: ServerResponse, target: RequestTarget | undefined) => boolean {
  const isDomain = domainIndex(deps.accounts);
  // A page's theme is worked out (and an override logged) once per stored page.
  const themes = new WeakMap<PageMatch['page'], PageTheme>();
  const themeOf = (match: PageMatch): PageTheme => {
    let theme = themes.get(match.page);
    if (!theme) {
      theme = pageTheme(match.page);
      themes.set(match.page, theme);
      for (const override of theme.overrides) {
        deps.log(`status page ${match.page.url} (${match.account.id}): ${describeOverride(override)}`);
      }
    }
    return theme;
  };

  return function serveStatusPage(req, res, target) {
    // A page is asked for by its path (origin form), never by an absolute URL.
    if (!target || !req.url?.startsWith('/')) return false;
    const pathname = target.pathname;
    const address = parseAddress(pathname, req.headers.host, deps.accounts, isDomain);
    if (!address) return false;

    const started = performance.now();
    const method = req.method ?? 'GET';
    if (deps.accessLog) {
      const accessLog = deps.accessLog;
      res.on('finish', () => accessLog.record(method, pathname, res.statusCode, started));
    }
    if (method !== 'GET' && method !== 'HEAD') {
      send(res, {
        status: 405,
        headers: { allow: 'GET, HEAD' },
        body: notice('Method not allowed', `A status page answers GET and HEAD, not ${method}.`),
      });
      return true;
    }

    const key = presentedKey(req.headers.authorization);
    const keyAccount = key === undefined ? undefined : deps.keys.accountOf(key);
    const found = candidates(address, deps.accounts);
    const offered = offeredTo(address, found, keyAccount);
    let match: PageMatch | undefined;
    if (offered.length === 1) match = offered[0];
    else if (offered.length > 1) match = offered.find((candidate) => candidate.account.id === keyAccount);
    // Only private pages of other accounts here: refused below as one (401/403), naming none.
    else match = found[0];
    if (!match) {
      send(res, offered.length ? severalPages(offered) : notFound(pathname));
      return true;
    }

    const hidden = isPrivate(match);
    if (hidden) {
      const refused = privateRefusal(key, keyAccount, match);
      if (refused) {
        const retryAfter = refused.status === 401 ? failedAuthentication(deps.authFailures, req) : 0;
        send(res, retryAfter > 0 ? tooManyFailures(retryAfter) : refused);
        return true;
      }
    }
    const headers: Record<string, string> = {
      'cache-control': hidden ? 'private, no-store' : 'no-cache',
      vary: 'authorization, host',
      ...(hidden || (match.v3 && !match.page.allowIndexing) ? { 'x-robots-tag': 'noindex, nofollow' } : {}),
    };
    const eventsPath = `${canonicalPath(match)}/events`;
    if (address.events) {
      // A HEAD gets the stream's headers, and no stream to keep open.
      if (method === 'HEAD') res.writeHead(200, { ...headers, 'content-type': 'text/event-stream; charset=utf-8' }).end();
      else if (
        !deps.events.open(
          res,
          match.account.id,
          canonicalPath(match),
          match.v3 ? { v3PageId: match.page.id } : { v2PageId: match.page.id, serviceIds: serviceIdsOf(match.page) },
          headers,
        )
      ) {
        send(res, {
          status: 503,
          headers: { ...headers, 'retry-after': String(STREAM_RETRY_AFTER_S) },
          body: notice(
            'Too many live views',
            'This page, or the server, has as many live views open as it keeps. Reload the page to see it as it is now.',
          ),
        });
      }
      return true;
    }
    const options = { eventsPath, theme: themeOf(match) };
    const { store } = match.account;
    deps.catchUp?.(store);
    const now = deps.now();
    const maintenances = maintenancesOnPage(store, match.page.id, now);
    const body = match.v3
      ? v3Body(match.account, match.page, now, maintenances, options)
      : renderStatusPage(pageView(match.page, store.listIncidentsOfServices(serviceIdsOf(match.page)), now, maintenances), options);
    send(res, {
      status: 200,
      body,
      headers: {
        ...headers,
        'content-security-policy': CONTENT_SECURITY_POLICY,
      },
    });
    return true;
  };
}

function serviceIdsOf(page: StoredStatusPage): Set<string> {
  return new Set(page.cards.flatMap((card) => card.services.map((service) => service.id)));
}

function privateRefusal(key: string | undefined, keyAccount: string | undefined, match: PageMatch): Answer | undefined {
  if (keyAccount === match.account.id) return undefined;
  const noindex = { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store' };
  if (keyAccount !== undefined) {
    return {
      status: 403,
      headers: noindex,
      body: notice(
        'This status page is private',
        'The API key sent belongs to another account. Send one of the keys of the account that owns this page.',
        true,
      ),
    };
  }
  return {
    status: 401,
    headers: { ...noindex, 'www-authenticate': REALM },
    body: notice(
      'This status page is private',
      key === undefined
        ? 'Only the account that owns it can see it: send one of its API keys (Authorization: Bearer KEY, or in a browser, any user name and the key as the password).'
        : 'The API key sent is not known to this server. Send one of the keys of the account that owns this page.',
      true,
    ),
  };
}

function tooManyFailures(retryAfter: number): Answer {
  return {
    status: 429,
    headers: { 'retry-after': String(retryAfter), 'cache-control': 'no-store' },
    body: notice('Too many attempts', `Too many requests from this address came without a valid key. Try again in ${retryAfter} s.`, true),
  };
}

function severalPages(found: PageMatch[]): Answer {
  const links = found.map((match) => {
    const path = canonicalPath(match);
    return html`<li><a href="${path}">${match.page.name}</a> <span class="muted">(account ${match.account.id})</span></li>`;
  });
  return {
    status: 300,
    headers: { 'cache-control': 'no-store', vary: 'authorization, host' },
    body: renderNotice(
      'Several status pages have this address',
      html`<p>More than one account on this server has a page here. Send an API key to see your own account's page, or pick one:</p>
<ul>${links}</ul>`,
    ),
  };
}

function notFound(pathname: string): Answer {
  return {
    status: 404,
    headers: { 'cache-control': 'no-store' },
    body: notice('No such status page', `No account on this server has a status page at ${pathname}.`),
  };
}

function notice(title: string, text: string, noindex = false): string {
  return renderNotice(title, html`<p>${text}</p>`, { noindex });
}

/** An HTML answer: a notice unless the headers carry the page's own policy. */
function send(res: ServerResponse, answer: Answer): void {
  const bytes = Buffer.from(answer.body, 'utf8');
  res.writeHead(answer.status, {
    'content-security-policy': NOTICE_POLICY,
    'referrer-policy': 'no-referrer',
    ...answer.headers,
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(bytes.length),
  });
  res.end(bytes);
}
