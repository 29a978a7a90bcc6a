// The CLI tests run the built binary, so every test run builds it first from the sources.
// The binary's compile caches go to a directory of this run (STATUSCTL_CACHE_DIR, inherited by
// the test workers and the processes they start), never into the user's ~/.cache.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup() {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  const cacheDir = mkdtempSync(join(tmpdir(), 'statusctl-test-cache-'));
  process.env.STATUSCTL_CACHE_DIR = cacheDir;
  return () => rmSync(cacheDir, { recursive: true, force: true });
}
