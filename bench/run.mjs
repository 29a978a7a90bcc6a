// `npm run bench`: runs every bench/*.bench.mjs in turn, each printing its own lines.
// `npm run bench -- cli server` runs those whose name contains one of the words;
// `--quick` (or BENCH_QUICK=1) makes fewer, shorter runs.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const flags = args.filter((arg) => arg.startsWith('--'));
const words = args.filter((arg) => !arg.startsWith('--'));
const all = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.mjs'))
  .sort();
const chosen = words.length ? all.filter((name) => words.some((word) => name.includes(word))) : all;
if (chosen.length === 0) {
  console.error(`no benchmark matches ${words.join(', ')}; there are: ${all.map((name) => name.replace('.bench.mjs', '')).join(', ')}`);
  process.exit(2);
}

let failed = 0;
for (const name of chosen) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [`bench/${name}`, ...flags], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: 'inherit',
  });
  if (result.status !== 0) failed++;
  console.log(
    `(${name}: ${((Date.now() - started) / 1000).toFixed(0)} s${result.status === 0 ? '' : `, exit ${result.status ?? result.signal}`})\n`,
  );
}
process.exitCode = failed ? 1 : 0;
