// The reference server: startServer() is what `statusctl server`, `statusctl demo` and the
// tests run. It wires the pieces: accounts and keys, one store per account filled from the
// fixtures, the analysis provider, and the HTTP pipeline.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { buildOpenApiDocument } from '../contract/openapi.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../contract/rules.js';
import type { Analysis } from '../contract/schemas.js';
import { createAccessLog, type AccessLogFormat } from './access-log.js';
import type { Account } from './account.js';
import type { AnalysisProvider } from './analysis/provider.js';
import { rulesProvider } from './analysis/rules-provider.js';
import { KeyRing } from './auth.js';
import { dateOnly } from './dates.js';
import { DEMO_FIXTURES } from './fixtures/demo.js';
import { DEMO_ACCOUNT_ID } from './fixtures/ids.js';
import { applyFixtures, loadFixtureFile } from './fixtures/load.js';
import type { Fixtures } from './fixtures/schema.js';
import { handlers } from './handlers/index.js';
import type { AccountScope, AppContext } from './handlers/types.js';
import { connectionLimits, httpServerOptions, limitConnections } from './connections.js';
import { createRequestHandler } from './http.js';
import { inProcessClient, type InProcessRequest } from './in-process.js';
import type { CompactionOptions } from './persistence/compaction.js';
import { createStatusPages, PageEvents, withPageEvents } from './pages/index.js';
import { withIncidentChangeEvents } from './pages/incident-changes.js';
import { openDataFile } from './persistence/data-file.js';
import { durableHandlers } from './persistence/durable-handlers.js';
import { DurabilityError, type Durability } from './persistence/durability.js';
import { RateLimiter } from './rate-limit.js';
import { answerClientError, answerRaw } from './raw-answers.js';
import { requestTarget } from './request-target.js';
import { Router } from './router.js';
import { AccountStore } from './store.js';

export type { Account } from './account.js';

export interface ServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 picks a free port. Default 4010. */
  port?: number;
  /** Each account gets its own copy of the demo data. None: one account with a generated key. */
  accounts?: Account[];
  /** Path of a fixture file replacing the demo data (validated at start). */
  fixturesPath?: string;
  /** How long an analysis stays PENDING, in ms. Default 1500. */
  rcaDelayMs?: number;
  /** Requests per second per key before 429; unset: no limit. */
  rateLimit?: number;
  /** Where log lines go (never a full key). Default: stderr. */
  log?: (line: string) => void;
  /** The clock, in ms since the epoch. Default Date.now; tests pass a controllable one. */
  now?: () => number;
  /**
   * Waits on that clock (an analysis's delay); an aborted `signal` ends the wait (it rejects).
   * Default: a timer; tests pass the clock they give as `now`, so no analysis waits in real time.
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Produces root cause analyses. Default: the offline rules provider. */
  analysisProvider?: AnalysisProvider;
  /**
   * Data file (journal) that keeps the state across restarts; see persistence/data-file.ts.
   * Unset: in memory only, nothing written.
   */
  dataPath?: string;
  /** When the data file is compacted (persistence/compaction.ts); tests make it small. */
  compaction?: CompactionOptions;
  /** Headers must arrive within this many ms of a request's first byte, else 408 and close. Default 10 000. */
  headersTimeoutMs?: number;
  /** A body within this many ms of its headers, else 408 and close. Default 30 000. */
  bodyTimeoutMs?: number;
  /** A kept-alive connection with no request is closed after this many ms (at least 1000). Default 5000. */
  idleTimeoutMs?: number;
  /**
   * Open API connections at most (default 512; with the streams' cap, below the usual open-file
   * limit of 1024). A newcomer past it replaces the oldest connection still waiting for its
   * headers, else the oldest event stream, or is refused.
   */
  maxConnections?: number;
  /**
   * Open status-page event streams at most, in all (default 256) and per page (default 64),
   * outside the connection budget above. A stream past either is refused (503, Retry-After);
   * an API connection that finds the budget full makes the oldest stream yield.
   */
  maxStreams?: number;
  maxStreamsPerPage?: number;
  /**
   * An answer sent before its request's body was read (413, 408, 401...) is followed by a
   * lingering close: the rest of the body is read and thrown away for at most this many ms
   * (default 5000) and bytes (default 8 MiB) before the connection is closed.
   */
  lingerTimeMs?: number;
  lingerBytes?: number;
  /**
   * One line per answered request (src/server/access-log.ts): 'text' (default), 'json' lines,
   * or 'off' (`statusctl server --quiet`). Errors are logged whatever this says.
   */
  accessLog?: AccessLogFormat | 'off';
}

export interface RunningServer {
  /** http://HOST:PORT */
  url: string;
  port: number;
  accounts: Account[];
  /**
   * Sends a request straight to the server, with no socket or port (src/server/in-process.ts):
   * `await server.request('/v1/incidents', { headers })` answers a fetch Response, as hono's
   * `app.request()` does.
   */
  request: InProcessRequest;
  /** Stops taking connections, finishes those in flight. */
  close(): Promise<void>;
}

export { DEFAULT_HOST, DEFAULT_PORT } from '../contract/rules.js';
export const DEFAULT_RCA_DELAY_MS = 1500;

export { DEMO_FIXTURES, DEMO_IDS, demoIds } from './fixtures/demo.js';
export { DEMO_ACCOUNT_ID } from './fixtures/ids.js';
export { FixtureError } from './fixtures/load.js';
export { DataFileError } from './persistence/data-file.js';
export { DataFileLockedError } from './persistence/lock.js';
export type { AnalysisProvider, AnalysisInput } from './analysis/provider.js';
export type { InProcessRequest } from './in-process.js';

/**
 * The account served when none is given: DEMO_ACCOUNT_ID (so the demo ids in the CLI's help are
 * its ids) and a key with 192 random bits.
 */
export function generateAccount(): Account {
  return { id: DEMO_ACCOUNT_ID, key: `sc_${randomBytes(24).toString('base64url')}` };
}

/** Account ids are UUIDs, as in the hosted API: a create body names the account (a guid). */
export function isAccountId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

function checkAccounts(accounts: Account[]): void {
  const ids = new Set<string>();
  const keys = new Set<string>();
  for (const account of accounts) {
    if (!account.id) throw new Error('an account needs a non-empty id');
    if (!isAccountId(account.id))
      throw new Error(`account id ${JSON.stringify(account.id)} is not a UUID (account ids are, as in the hosted API)`);
    if (!account.key) throw new Error(`account ${account.id} needs a non-empty key`);
    if (ids.has(account.id)) throw new Error(`account ${account.id} is given twice`);
    // The key itself is never put in a message; the account it was given for is enough.
    if (keys.has(account.key)) throw new Error(`account ${account.id} reuses the key of another account`);
    ids.add(account.id);
    keys.add(account.key);
  }
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const now = options.now ?? Date.now;
  if (options.accounts?.length) checkAccounts(options.accounts);
  if (options.rateLimit !== undefined && !(options.rateLimit > 0)) throw new Error('rateLimit must be a positive number');
  // Checked here, before the data file is opened, like the other options.
  connectionLimits(options);
  const fixtures: Fixtures = options.fixturesPath ? loadFixtureFile(options.fixturesPath) : DEMO_FIXTURES;

  // Opened after the checks above, so a bad option never leaves a lock behind.
  const data: Durability | undefined =
    options.dataPath === undefined ? undefined : openDataFile(options.dataPath, log, now, options.compaction);
  try {
    return await start(options, { host, log, now, fixtures, data });
  } catch (error) {
    await data?.close();
    throw error;
  }
}

async function start(
  options: ServerOptions,
  {
    host,
    log,
    now,
    fixtures,
    data,
  }: { host: string; log: (line: string) => void; now: () => number; fixtures: Fixtures; data: Durability | undefined },
): Promise<RunningServer> {
  // Without --account, a data file serves again the account it generated before.
  const generated = !options.accounts?.length;
  const accounts = !generated
    ? options.accounts!.map((account) => ({ ...account }))
    : data?.generatedAccounts.length
      ? data.generatedAccounts
      : [generateAccount()];

  const keys = new KeyRing();
  const scopes = new Map<string, AccountScope>();
  const startedAt = now();
  const seed = (store: AccountStore) => applyFixtures(store, fixtures, { now: startedAt });
  const seedName = options.fixturesPath ? `fixtures ${options.fixturesPath}` : 'demo data';
  for (const account of accounts) {
    keys.add(account.id, account.key);
    let store: AccountStore;
    if (data) {
      store = data.openAccount(account, seedName, seed, generated);
    } else {
      store = new AccountStore(account.id);
      seed(store);
    }
    scopes.set(account.id, { id: account.id, store });
  }
  await data?.ready();

  const provider = options.analysisProvider ?? rulesProvider;
  const rcaDelayMs = options.rcaDelayMs ?? DEFAULT_RCA_DELAY_MS;
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal }));
  // Aborted by close(): an analysis still waiting is not generated (with --data, the next start does it).
  const stopped = new AbortController();
  const app: AppContext = {
    now,
    newId: randomUUID,
    scheduleAnalysis(store, analysisId) {
      sleep(rcaDelayMs, stopped.signal).then(
        () => {
          if (stopped.signal.aborted) return;
          // With --data, a result the data file cannot take is rolled back (the analysis is PENDING
          // again): logged, and generated again later, once the disk may have recovered.
          generateAnalysis(store, analysisId).catch((error: unknown) => {
            log(`error: analysis ${analysisId} not stored: ${error instanceof Error ? error.message : String(error)}`);
            if (error instanceof DurabilityError) app.scheduleAnalysis(store, analysisId);
          });
        },
        () => {},
      );
    },
  };
  // Analyses left PENDING by a stop or a crash are generated again: the provider only needs
  // the request (error group and user context), which the data file kept.
  if (data) for (const scope of scopes.values()) for (const id of scope.store.pendingAnalysisIds()) app.scheduleAnalysis(scope.store, id);

  async function generateAnalysis(store: AccountStore, analysisId: string): Promise<void> {
    const request = store.getAnalysisRequest(analysisId)!;
    const group = store.getErrorGroup(request.errorGroupId)!;
    const checkType = store.getErrorGroupCheckType(group.id) ?? 'API';
    const started = performance.now();
    let analysis: Analysis;
    try {
      analysis = await provider.analyze({
        rawErrorMessage: group.rawErrorMessage,
        cleanedErrorMessage: group.cleanedErrorMessage,
        checkType,
        userContext: request.userContext,
      });
    } catch (error) {
      // No FAILED status exists in the contract: report the failure as the analysis, so a
      // client polling for it stops waiting.
      log(`error: analysis ${analysisId} failed: ${error instanceof Error ? error.message : String(error)}`);
      analysis = {
        classification: 'ANALYSIS FAILED',
        userImpact: 'Unknown.',
        rootCause: `The analysis provider ${provider.provider} failed: ${error instanceof Error ? error.message : String(error)}`,
        codeFix: null,
        evidence: [],
        referenceLinks: [],
      };
    }
    store.completeAnalysis({
      id: analysisId,
      status: 'COMPLETED',
      checkType,
      provider: provider.provider,
      model: provider.model,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
      checkId: group.checkId,
      errorGroupId: group.id,
      analysis,
      created_at: dateOnly(now()),
    });
    // Stored once it is durable; a failed write rejects here (and was rolled back).
    await data?.flush();
  }

  let baseUrl = '';
  let openApiDocument: unknown;
  const accessFormat = options.accessLog ?? 'text';
  // A given `log` takes the lines one by one (tests read them); stderr gets each batch in one write.
  // (A line holds no newline of its own: the path is percent-encoded.)
  const writeLines = options.log
    ? (lines: Buffer) => {
        for (const line of lines.toString('utf8', 0, lines.length - 1).split('\n')) log(line);
      }
    : (lines: Buffer) => process.stderr.write(lines);
  // To stderr every 50 ms at most (and at close or exit); a given `log` (tests) at the end of each turn.
  const accessLog = accessFormat === 'off' ? undefined : createAccessLog(accessFormat, writeLines, options.log ? 0 : 50);
  if (accessLog && !options.log) process.once('exit', () => accessLog.flush());
  const limits = connectionLimits(options);
  // Status pages as HTML (pages/): their addresses are answered first, the API gets the rest.
  const pageEvents = new PageEvents(limits);
  // Failed authentications, per client address, at the rate of --rate-limit: the API's and the private pages'.
  const authFailures = options.rateLimit ? new RateLimiter(options.rateLimit, now) : undefined;
  const statusPages = createStatusPages({ keys, accounts: scopes, now, log, accessLog, events: pageEvents, authFailures });
  const api = createRequestHandler({
    router: new Router(),
    handlers: withIncidentChangeEvents(withPageEvents(data ? durableHandlers(handlers, data) : handlers, pageEvents), pageEvents),
    keys,
    accounts: scopes,
    app,
    rateLimiter: options.rateLimit ? new RateLimiter(options.rateLimit, now) : undefined,
    authFailures,
    log,
    accessLog,
    openApiDocument: () => (openApiDocument ??= buildOpenApiDocument(baseUrl)),
    bodyTimeoutMs: limits.bodyTimeoutMs,
    linger: limits,
  });
  const server = createServer(httpServerOptions(limits), (req, res) => {
    const target = requestTarget(req.url);
    // No status page has an address under /v1/: the API's routes go straight to the API, which
    // writes nosniff with the other headers of its answers.
    if (!target?.pathname.startsWith('/v1/')) {
      // Every answer, JSON, HTML or event stream: a browser must not guess another type.
      res.setHeader('x-content-type-options', 'nosniff');
      if (statusPages(req, res, target)) return;
    }
    api(req, res, target);
  });
  server.on('clientError', (error: Error & { code?: string }, socket) => answerClientError(error, socket, log, limits));
  limitConnections(
    server,
    limits.maxConnections,
    (socket) =>
      answerRaw(
        socket,
        408,
        `closed to make room: the server is at its limit of ${limits.maxConnections} connections and this one had not sent its request headers yet`,
      ),
    pageEvents,
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' || host.includes(':') ? `[${address.address}]` : host;
  baseUrl = `http://${urlHost}:${address.port}`;

  const inProcess = inProcessClient(server, () => baseUrl);
  let closing: Promise<void> | undefined;
  return {
    url: baseUrl,
    port: address.port,
    accounts,
    request: inProcess.request,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        stopped.abort();
        // Open pages' event streams would keep their connections, and close(), open.
        pageEvents.close();
        // The data file is closed after the last request: its answer waited for its sync.
        // Keep-alive connections with no request in flight would hold close() open; so would
        // those whose request was in flight, once answered: they are closed as they go idle.
        const closeIdle = setInterval(() => server.closeIdleConnections(), 25);
        closeIdle.unref();
        server.close((error) => {
          // In-memory connections are not the listener's: server.close() does not wait for them.
          const closed = inProcess.close().then(() => {
            clearInterval(closeIdle);
            accessLog?.flush();
            return data?.close();
          });
          closed.then(() => (error ? reject(error) : resolve()), reject);
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
