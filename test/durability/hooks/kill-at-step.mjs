// Loaded with `node --import` into a server child by compaction-kill.test.ts: kills the process
// with SIGKILL (no cleanup, like a crash) when the data file's compaction reaches the step
// named by STATUSCTL_KILL_AT_STEP, after saying so on stderr (synchronous for a pipe).
// Only a compaction that began after the first request counts. The one a start makes of a file
// an earlier life left long begins before anything is served: the hook says so on stderr, and
// the test lets it finish (reading what the earlier life acknowledged) before it loads the server.
import { subscribe } from 'node:diagnostics_channel';

const step = process.env.STATUSCTL_KILL_AT_STEP;
let served = false;
let armed = false;
subscribe('http.server.request.start', () => {
  if (served) return;
  served = true;
  process.stderr.write('test hook: first request\n');
});
subscribe('statusctl:data-file', (message) => {
  if (message.step === 'snapshot') {
    armed = served;
    if (!served) process.stderr.write('test hook: compaction at start\n');
  }
  if (!armed || message.step !== step) return;
  process.stderr.write(`test hook: killed at compaction step ${step}\n`);
  process.kill(process.pid, 'SIGKILL');
});
