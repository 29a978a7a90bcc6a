// The CLI tests run the built binary, so every test run starts from a build of the current
// sources. The build is skipped only when it is known to be one: the last build recorded what it
// was built from and what dist/ then held (scripts/build-record.mjs), and both are still the same.
// Anything else (an edited source, a new dependency, another Node, a dist/ changed by another
// command or built with other options, no record) builds again.
// The binary's compile caches go to a directory of this run (STATUSCTL_CACHE_DIR, inherited by
// the test workers and the processes they start), never into the user's ~/.cache.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isBuildCurrent } from '../scripts/build-record.mjs';

const ROOT = join(import.meta.dirname, '..');

export default function setup() {
  if (!isBuildCurrent()) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const cacheDir = mkdtempSync(join(tmpdir(), 'statusctl-test-cache-'));
  process.env.STATUSCTL_CACHE_DIR = cacheDir;
  return () => rmSync(cacheDir, { recursive: true, force: true });
}
