// Starting the reference server: startServer() is what `statusctl server`, `statusctl demo` and
// the tests run (through index.ts). It checks the options, then wires the pieces: accounts and
// keys, one store per account filled from the fixtures (or the data file), the analyses, the
// status pages and the HTTP pipeline.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { buildOpenApiDocument } from '../contract/openapi.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../contract/rules.js';
import { createAccessLog } from './access-log.js';
import { checkAccounts, generateAccount } from './account.js';
import { checkRunner } from './check-runner.js';
import { type ServerClock, serverClock } from './clock.js';
import { analysisScheduler } from './analysis/scheduler.js';
import { rulesProvider } from './analysis/rules-provider.js';
import { KeyRing } from './auth.js';
import { DEMO_FIXTURES } from './fixtures/demo.js';
import { applyFixtures, loadFixtureFile } from './fixtures/load.js';
import type { Fixtures } from './fixtures/schema.js';
import { handlers } from './handlers/index.js';
import { catchUp as catchUpMaintenance } from './handlers/maintenance-schedule.js';
import { keepMaintenanceOnTime } from './maintenance-ticks.js';
import type { AccountScope, AppContext } from './handlers/types.js';
import { connectionLimits, httpServerOptions, limitConnections } from './connections.js';
import { createRequestHandler } from './http.js';
import { inProcessClient } from './in-process.js';
import { DEFAULT_RCA_DELAY_MS, DEFAULT_RUN_DELAY_MS, type RunningServer, type ServerOptions } from './options.js';
import { createStatusPages, PageEvents, withPageEvents } from './pages/index.js';
import { openDataFile } from './persistence/data-file.js';
import { durableHandlers } from './persistence/durable-handlers.js';
import type { Durability } from './persistence/durability.js';
import { RateLimiter } from './rate-limit.js';
import { answerClientError, answerRaw } from './raw-answers.js';
import { requestTarget } from './request-target.js';
import { Router } from './router.js';
import { AccountStore } from './store.js';

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  // Real intervals (rate limits, the data file's back-off) on `now`; the server's time on the clock.
  const now = options.now ?? Date.now;
  const clock = serverClock(now, options.testClock);
  if (options.accounts?.length) checkAccounts(options.accounts);
  if (options.rateLimit !== undefined && !(options.rateLimit > 0)) throw new Error('rateLimit must be a positive number');
  // Checked here, before the data file is opened, like the other options.
  connectionLimits(options);
  const fixtures: Fixtures = options.fixturesPath ? loadFixtureFile(options.fixturesPath) : DEMO_FIXTURES;

  // Opened after the checks above, so a bad option never leaves a lock behind.
  const data: Durability | undefined =
    options.dataPath === undefined ? undefined : openDataFile(options.dataPath, log, now, options.compaction);
  try {
    return await start(options, { host, log, now, clock, fixtures, data });
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
    now: realNow,
    clock,
    fixtures,
    data,
  }: {
    host: string;
    log: (line: string) => void;
    now: () => number;
    clock: ServerClock;
    fixtures: Fixtures;
    data: Durability | undefined;
  },
): Promise<RunningServer> {
  // Without --account, a data file serves again the account it generated before.
  const generated = !options.accounts?.length;
  const accounts = !generated
    ? options.accounts!.map((account) => ({ ...account }))
    : data?.generatedAccounts.length
      ? data.generatedAccounts
      : [generateAccount()];

  const now = clock.now;
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

  // Maintenance window ids are whole numbers in one series for the server, past every account's highest.
  let windowIds = Math.max(0, ...[...scopes.values()].map((scope) => scope.store.records.maintenanceWindows.highestId));
  // Aborted by close(): an analysis still waiting is not generated (with --data, the next start does it).
  const stopped = new AbortController();
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal }));
  const app: AppContext = {
    now,
    newId: randomUUID,
    baseUrl: () => baseUrl,
    // A wait cut short by close() ends as if its time had passed.
    wait: (ms) => sleep(ms, stopped.signal).catch(() => {}),
    ...(clock.test ? { testClock: clock.test } : {}),
    nextWindowId: () => ++windowIds,
    scheduleAnalysis: analysisScheduler({
      provider: options.analysisProvider ?? rulesProvider,
      rcaDelayMs: options.rcaDelayMs ?? DEFAULT_RCA_DELAY_MS,
      sleep: options.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal })),
      stopped: stopped.signal,
      now,
      log,
      data,
    }),
  };
  const limits = connectionLimits(options);
  // Status pages as HTML (pages/): their addresses are answered first, the API gets the rest; the
  // live streams are told of what the check runs change too.
  const pageEvents = new PageEvents(limits);
  const runCheck = checkRunner({
    runDelayMs: options.runDelayMs ?? DEFAULT_RUN_DELAY_MS,
    sleep,
    stopped: stopped.signal,
    log,
    data,
    events: pageEvents,
  });
  app.scheduleCheckRun = (store, checkSessionId) => runCheck(app, store, checkSessionId);
  app.tellPages = (store, statusPageIds, maintenance) => pageEvents.publishMaintenance(store.accountId, statusPageIds, maintenance);
  app.catchUpAll = () => {
    for (const scope of scopes.values()) catchUpMaintenance(scope.store, app);
  };
  if (!clock.test) keepMaintenanceOnTime(app, stopped.signal, data, log);
  // Check sessions left STARTED by a stop or a crash run their check now.
  if (data)
    for (const scope of scopes.values())
      for (const id of scope.store.records.checkSessions.startedIds()) app.scheduleCheckRun(scope.store, id);
  // Analyses left PENDING by a stop or a crash are generated again: the provider only needs
  // the request (error group and user context), which the data file kept.
  if (data) for (const scope of scopes.values()) for (const id of scope.store.pendingAnalysisIds()) app.scheduleAnalysis(scope.store, id);

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
  // Failed authentications, per client address, at the rate of --rate-limit: the API's and the private pages'.
  const authFailures = options.rateLimit ? new RateLimiter(options.rateLimit, realNow) : undefined;
  const statusPages = createStatusPages({
    keys,
    accounts: scopes,
    now,
    log,
    accessLog,
    events: pageEvents,
    authFailures,
    catchUp: (store) => catchUpMaintenance(store, app),
  });
  const api = createRequestHandler({
    router: new Router(),
    handlers: withPageEvents(data ? durableHandlers(handlers, data) : handlers, pageEvents),
    keys,
    accounts: scopes,
    app,
    rateLimiter: options.rateLimit ? new RateLimiter(options.rateLimit, realNow) : undefined,
    authFailures,
    log,
    accessLog,
    openApiDocument: () => (openApiDocument ??= buildOpenApiDocument(baseUrl)),
    bodyTimeoutMs: limits.bodyTimeoutMs,
    linger: limits,
  });
  const server = createServer(httpServerOptions(limits), (req, res) => {
    requestArrived(req.socket, res);
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
  const requestArrived = limitConnections(
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
