// Shared by restart.bench.mjs and open-large-data-file.mjs: data files made by the real server
// (`statusctl server --data`), then given a long history by appending the very records the
// server writes for an edit (an incident update's description overwritten), which is what
// years of use look like without waiting for years of requests.
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ACCOUNT, BIN, demoServices, httpRequest, incidentBody, startListening } from './lib.mjs';

export const UPDATES = 8;

/** `statusctl server --data PATH`; resolves once it listens, with the time that took. */
export async function startOnDataFile(path) {
  const started = performance.now();
  const {
    url,
    child,
    stderr: readStderr,
  } = await startListening([BIN, 'server', '--port', '0', '--data', path, '--account', `${ACCOUNT.id}:${ACCOUNT.key}`], {
    keepStderr: true,
  });
  const listeningMs = performance.now() - started;
  return {
    url,
    child,
    listeningMs,
    stderr: readStderr,
    /** Resolves once stderr has a line matching `pattern` (or rejects after `ms`). */
    async waitFor(pattern, ms = 600_000) {
      for (let waited = 0; !pattern.test(readStderr()); waited += 20) {
        if (waited > ms || child.exitCode !== null) throw new Error(`no ${pattern} in the server log: ${readStderr()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return pattern.exec(readStderr());
    },
    stop() {
      if (child.exitCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}

/**
 * A data file with the demo data, UPDATES incidents and one edit of each one's first update;
 * returns the edit records as the server wrote them (templates for more).
 */
export async function seedDataFile(path) {
  const server = await startOnDataFile(path);
  const [service] = await demoServices(server.url);
  for (let n = 0; n < UPDATES; n++) {
    const created = JSON.parse(
      (await httpRequest(`${server.url}/v1/status-pages/incidents`, { method: 'POST', body: incidentBody(service, n) })).body,
    );
    const edited = await httpRequest(
      `${server.url}/v1/status-pages/incidents/${created.id}/incident-updates/${created.incidentUpdates[0].id}`,
      {
        method: 'PUT',
        body: { description: 'first edit' },
      },
    );
    if (edited.status !== 200) throw new Error(`PUT: ${edited.status} ${edited.body}`);
  }
  await server.stop();
  const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
  const edits = lines.map((line) => JSON.parse(line)).filter((record) => record.change?.kind === 'incidentUpdateChanged');
  if (edits.length !== UPDATES) throw new Error(`expected ${UPDATES} edit records, found ${edits.length}`);
  return edits;
}

/** The description of edit `n` (of update n % UPDATES), `size` characters long. */
export function description(n, size) {
  return `edit ${n} of update ${n % UPDATES}: `.padEnd(size, 'x');
}

/**
 * Appends `count` edits (each update overwritten in turn), or edits until the file reaches
 * `untilBytes`; returns how many were written.
 */
export function appendEdits(path, edits, { count = Number.POSITIVE_INFINITY, untilBytes = Number.POSITIVE_INFINITY, size }) {
  const fd = openSync(path, 'a');
  let bytes = readFileSync(path).length;
  let n = 0;
  try {
    while (n < count && bytes < untilBytes) {
      const lines = [];
      for (let i = 0; i < 10_000 && n < count; i++, n++) {
        const record = edits[n % UPDATES];
        lines.push(JSON.stringify({ ...record, change: { ...record.change, changes: { description: description(n, size) } } }));
      }
      const buffer = Buffer.from(`${lines.join('\n')}\n`);
      writeSync(fd, buffer);
      bytes += buffer.length;
    }
  } finally {
    closeSync(fd);
  }
  return n;
}

/** The resident-memory peak of a process so far (VmHWM, Linux), in bytes. */
export function peakResidentBytes(pid) {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}
