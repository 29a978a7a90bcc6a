'use strict';
// Preloaded (node --require) into each process cli.bench.mjs measures with --cpu: at exit, the
// main thread's CPU time (user + system, in microseconds) as the last line on stderr. The same
// preload runs on both sides of a ratio, so what it costs itself cancels out.
process.on('exit', () => {
  // threadCpuUsage is newer than some Node 22 releases; the whole process's CPU is the next best.
  const { user, system } = process.threadCpuUsage ? process.threadCpuUsage() : process.cpuUsage();
  process.stderr.write(`\ncpu-time ${user + system}\n`);
});
