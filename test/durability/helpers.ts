// Shared by the durability tests: temporary data files, the server in-process (restart tests)
// or as the real CLI child process (kill -9 tests), and a small JSON fetch.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { demoIds, type ServerOptions } from '../../src/server/index.js';
import { cleanUpAfter } from '../support/cleanup.js';
import { startTestServer, type TestServer } from '../support/server.js';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const BIN = join(ROOT, 'bin', 'statusctl');
export const ACCOUNT = { id: 'd0000000-0000-4000-8000-0000000000d1', key: 'sk_durable_0123456789abcdef' };
export const OTHER_ACCOUNT = { id: '0e000000-0000-4000-8000-0000000000e2', key: 'sk_other_0123456789abcdef' };
/** Two services of the demo data that incidents can name. */

const tempDirs: string[] = [];
const children: ChildProcess[] = [];

/** A fresh directory, removed after the file's tests. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'statusctl-durability-'));
  tempDirs.push(dir);
  return dir;
}

// Through test/support's clean-up, which runs for every file (test/support/hooks.ts).
cleanUpAfter('test', () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

cleanUpAfter('file', () => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export type InProcessServer = TestServer;

/** The one server starter (test/support/server.ts) with ACCOUNT and quick analyses; closed after the test unless it closes it. */
export function startInProcess(options: ServerOptions): Promise<InProcessServer> {
  return startTestServer({ accounts: [ACCOUNT], rcaDelayMs: 5, ...options });
}

export interface JsonResult {
  status: number;
  json: any;
}

/** One request as `key`'s account; throws only on network errors. */
export async function call(url: string, method: string, path: string, body?: unknown, key = ACCOUNT.key): Promise<JsonResult> {
  const response = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json };
}

/** Every incident of `key`'s account by id, read through the list a page of 100 at a time. */
export async function allIncidents(url: string, key = ACCOUNT.key): Promise<Map<string, any>> {
  const incidents = new Map<string, any>();
  let nextId: string | null = null;
  do {
    const after = nextId === null ? '' : `&nextId=${encodeURIComponent(nextId)}`;
    const page = await call(url, 'GET', `/v1/status-pages/incidents?limit=100${after}`, undefined, key);
    if (page.status !== 200) throw new Error(`listing incidents answered ${page.status}: ${JSON.stringify(page.json)}`);
    for (const incident of page.json.entries) incidents.set(incident.id, incident);
    nextId = page.json.nextId;
  } while (nextId !== null);
  return incidents;
}

export interface ChildServer {
  child: ChildProcess;
  url: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
  /** Resolves once stderr contains `text`; rejects, with stderr, if the process ends first. */
  stderrContains(text: string): Promise<void>;
}

export interface ChildOptions {
  /** Arguments to node before the script (e.g. --import of a test hook). */
  nodeArgs?: string[];
  /** A command that runs node (e.g. prlimit with its options): [command, ...its args]. */
  wrapper?: string[];
  env?: Record<string, string>;
}

/** `node bin/statusctl server ARGS` (the built CLI); `url` resolves from its first stdout line. */
export function startChild(args: string[], cwd = ROOT, options: ChildOptions = {}): ChildServer {
  const command = [process.execPath, ...(options.nodeArgs ?? []), BIN, 'server', '--port', '0', ...args];
  const [file, ...rest] = [...(options.wrapper ?? []), ...command];
  const child = spawn(file!, rest, {
    cwd,
    // Compile caches in the test run's directory (test/global-setup.ts), not the user's.
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', STATUSCTL_CACHE_DIR: process.env.STATUSCTL_CACHE_DIR ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  let ended = false;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    notify();
  });
  // 'close', not 'exit': by then stderr has been read to its end.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      ended = true;
      resolve({ code, signal });
      notify();
    }),
  );
  const stderrContains = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (stderr.includes(text)) resolve();
        else if (ended) reject(new Error(`exited before stderr contained ${JSON.stringify(text)}: ${stderr}`));
        else return;
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  const url = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const match = /^listening on (http:\/\/\S+)$/.exec(line);
      if (match) resolve(match[1]!);
      else reject(new Error(`unexpected first line ${JSON.stringify(line)}; stderr: ${stderr}`));
    });
    void exited.then(({ code, signal }) => reject(new Error(`server exited (${code ?? signal}) before listening; stderr: ${stderr}`)));
  });
  url.catch(() => {});
  return { child, url, exited, stderr: () => stderr, stderrContains };
}

/** Kills with SIGKILL and waits until the process is gone. */
export async function killHard(server: ChildServer): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

/** A create body naming the web app service of the account's demo data, as upstream requires it. */
export function incidentBody(name: string, description = `${name}: investigating`, accountId = ACCOUNT.id) {
  const service = { id: demoIds(accountId).services.webApp, name: 'Web App', accountId };
  return { name, severity: 'MAJOR', services: [service], incidentUpdates: [{ description, status: 'INVESTIGATING' }] };
}
