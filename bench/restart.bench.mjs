// Restart time with a long-lived data file. Three files hold the same state (the demo data and
// 8 incidents whose first update was edited): one with a history of 52,000 edits behind it (what
// a server without compaction left after a long life), the same file once compacted, and one
// with no history at all. The server compacts the first at its start, so that restart pays for
// the replay and the snapshot once; afterwards the file is the compacted one. Measured as the
// time from spawning `statusctl server --data FILE` to its "listening" line, median of runs
// alternating between the files, all in this run.
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendEdits, seedDataFile, startOnDataFile, UPDATES } from './data-file-lib.mjs';
import { fmt, median, QUICK, report } from './lib.mjs';

const EDITS = QUICK ? 10_000 : 52_000;
const RUNS = QUICK ? 3 : 7;
const dir = mkdtempSync(join(tmpdir(), 'statusctl-bench-restart-'));
try {
  const stateOnly = join(dir, 'state-only.jsonl');
  const edits = await seedDataFile(stateOnly);
  const history = join(dir, 'history.jsonl');
  copyFileSync(stateOnly, history);
  appendEdits(history, edits, { count: EDITS, size: 300 });
  // One more edit per update and no history: the state the others hold (descriptions of the
  // same length), as the calls that made it (the seeding calls, one edit each).
  appendEdits(stateOnly, edits, { count: UPDATES, size: 300 });
  const compacted = join(dir, 'compacted.jsonl');
  copyFileSync(history, compacted);
  {
    const server = await startOnDataFile(compacted);
    await server.waitFor(/compacted from \d+ to \d+ bytes/);
    await server.stop();
  }

  const files = { history, compacted, 'state-only': stateOnly };
  const times = { history: [], compacted: [], 'state-only': [] };
  const run = join(dir, 'run.jsonl');
  for (let round = 0; round < RUNS; round++) {
    for (const [name, path] of Object.entries(files)) {
      copyFileSync(path, run);
      const server = await startOnDataFile(run);
      times[name].push(server.listeningMs);
      // The history file is compacted right after the start: wait for it, so that run's cost
      // does not spill into the next start.
      if (name === 'history') await server.waitFor(/compacted from/);
      await server.stop();
      rmSync(run, { force: true });
    }
  }

  const size = (path) => `${fmt(statSync(path).size / 1e6, 2)} MB`;
  console.log(
    `data files: history ${size(history)} (${EDITS.toLocaleString('en-US')} edits of ${UPDATES} updates), compacted ${size(compacted)}, state only ${size(stateOnly)}`,
  );
  const ms = (name) => median(times[name]);
  for (const name of Object.keys(files)) console.log(`restart, ${name.padEnd(10)} median ${fmt(ms(name))} ms over ${RUNS} runs`);
  report('restart: compacted file vs state-only file', {
    ours: `${fmt(ms('compacted'))} ms`,
    baseline: `${fmt(ms('state-only'))} ms`,
    ratio: ms('compacted') / ms('state-only'),
    target: 1.25,
    higherIsBetter: false,
  });
  console.log(
    `restart: history file vs compacted          ratio ${fmt(ms('history') / ms('compacted'), 2)}x (once: the start compacts it)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
