// Loaded with `node --import` into a server child by compaction-kill.test.ts: kills the process
// with SIGKILL (no cleanup, like a crash) when the data file's compaction reaches the step
// named by STATUSCTL_KILL_AT_STEP, after saying so on stderr (synchronous for a pipe).
import { subscribe } from 'node:diagnostics_channel';

const step = process.env.STATUSCTL_KILL_AT_STEP;
subscribe('statusctl:data-file', (message) => {
  if (message.step !== step) return;
  process.stderr.write(`test hook: killed at compaction step ${step}\n`);
  process.kill(process.pid, 'SIGKILL');
});
