// The CLI tests run the built binary, so every test run starts from a build of the current
// sources. The build is skipped only when it is known to be one: the run that built dist/ wrote
// down what it was built from (every file under src/, scripts/ and spec/, the package and
// TypeScript settings, the lockfile, npm's record of what node_modules holds, the Node version)
// and what dist/ then held, and both are still the same. Anything else (an edited source, a new
// dependency, another Node, a dist/ built by another command or with other options, no record)
// builds again.
// The binary's compile caches go to a directory of this run (STATUSCTL_CACHE_DIR, inherited by
// the test workers and the processes they start), never into the user's ~/.cache.
import { execFileSync } from 'node:child_process';
import { createHash, type Hash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const INPUT_DIRS = ['src', 'scripts', 'spec'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'node_modules/.package-lock.json'];
const RECORD = join(ROOT, 'node_modules', '.cache', 'statusctl', 'test-build.json');

/** Every file under `dir` (relative to the root), sorted, so the order never changes a hash. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

/** Each file's name and contents (a missing one counts as missing). */
function hashFiles(paths: string[], hash: Hash = createHash('sha256')): string {
  for (const path of paths) {
    let contents: Buffer | undefined;
    try {
      contents = readFileSync(join(ROOT, path));
    } catch {
      contents = undefined;
    }
    hash.update(`${path}\0${contents === undefined ? 'missing' : contents.length}\0`);
    if (contents) hash.update(contents);
  }
  return hash.digest('hex');
}

function inputsHash(): string {
  const hash = createHash('sha256');
  // The build's own switch (scripts/build.mjs): another value gives another dist/. And the Node
  // that runs the build, whose list of built-in modules the build reads: a run on another Node
  // line (CI runs the suite on three) builds with it, as it did before the build could be skipped.
  hash.update(`STATUSCTL_BUILD_NO_MINIFY=${process.env.STATUSCTL_BUILD_NO_MINIFY ?? ''}\0node ${process.version}\0`);
  return hashFiles([...INPUT_DIRS.flatMap(filesUnder), ...INPUT_FILES], hash);
}

const outputHash = () => hashFiles(filesUnder('dist'));

interface BuildRecord {
  inputs: string;
  output: string;
}

function readRecord(): BuildRecord | undefined {
  try {
    return JSON.parse(readFileSync(RECORD, 'utf8')) as BuildRecord;
  } catch {
    return undefined;
  }
}

export default function setup() {
  const inputs = inputsHash();
  const record = readRecord();
  if (!record || record.inputs !== inputs || record.output !== outputHash()) {
    rmSync(RECORD, { force: true });
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
    mkdirSync(dirname(RECORD), { recursive: true });
    writeFileSync(RECORD, JSON.stringify({ inputs, output: outputHash() } satisfies BuildRecord));
  }
  const cacheDir = mkdtempSync(join(tmpdir(), 'statusctl-test-cache-'));
  process.env.STATUSCTL_CACHE_DIR = cacheDir;
  return () => rmSync(cacheDir, { recursive: true, force: true });
}
