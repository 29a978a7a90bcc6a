// Not part of `npm run bench` (it writes over 600 MB): `node bench/open-large-data-file.mjs`.
// Proves that a data file past V8's ~512 MiB string limit opens (replay reads it in chunks; the
// server used to fail with "Cannot create a string longer than 0x1fffffe8 characters"), reports
// the time to "listening" and the peak resident memory (VmHWM), then that the compaction the
// start triggers shrinks the file to the state, and that the last edits are served.
// `--mb N` sets the size (default 640).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendEdits, description, peakResidentBytes, seedDataFile, startOnDataFile, UPDATES } from './data-file-lib.mjs';
import { fmt, getJson } from './lib.mjs';

const mbArg = process.argv.indexOf('--mb');
const targetBytes = (mbArg === -1 ? 640 : Number(process.argv[mbArg + 1])) * 1024 * 1024;
const SIZE = 480;
const dir = mkdtempSync(join(tmpdir(), 'statusctl-bench-large-'));
try {
  const path = join(dir, 'large.jsonl');
  const edits = await seedDataFile(path);
  const written = appendEdits(path, edits, { untilBytes: targetBytes, size: SIZE });
  const before = statSync(path).size;
  console.log(`data file: ${fmt(before / 1024 / 1024)} MiB, ${written.toLocaleString('en-US')} edits of ${UPDATES} updates appended`);

  const server = await startOnDataFile(path);
  console.log(`opened: listening after ${fmt(server.listeningMs / 1000, 2)} s`);
  const [, from, to] = await server.waitFor(/compacted from (\d+) to (\d+) bytes/);
  const peak = peakResidentBytes(server.child.pid);
  console.log(
    `compacted: ${fmt(Number(from) / 1024 / 1024)} MiB to ${fmt(Number(to) / 1024 / 1024, 2)} MiB (file now ${fmt(statSync(path).size / 1024 / 1024, 2)} MiB); peak RSS of the server since its start ${fmt(peak / 1024 / 1024)} MiB`,
  );

  // The last edit of each update is what the server serves.
  const incidents = (await getJson(`${server.url}/v1/status-pages/incidents?limit=${UPDATES}`)).entries;
  const served = new Set(incidents.map((incident) => incident.incidentUpdates[0].description));
  const expected = Array.from({ length: UPDATES }, (_, u) => description(written - 1 - ((written - 1 - u) % UPDATES), SIZE));
  const missing = expected.filter((text) => !served.has(text));
  await server.stop();
  if (missing.length) throw new Error(`the last edits are not served: ${missing.map((text) => text.slice(0, 30)).join(', ')}`);
  console.log(`served: the last edit of each of the ${UPDATES} updates`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
