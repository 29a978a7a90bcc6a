// What dist/ was built from, kept so that a test run can skip a build that would give the same
// dist/ again. The build (build.mjs) writes a record when it ends: a hash of everything it reads
// (every file under src/, scripts/ and spec/, the package and TypeScript settings, the lockfile,
// npm's record of what node_modules holds, its own switch and the Node that ran it, whose list
// of built-in modules it reads) and a hash of every file dist/ then holds. A build of the same
// inputs is current only while both hashes are the same again: an edited source, another
// dependency, another Node line, a dist/ changed by anything else, or no record, and it is not.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const INPUT_DIRS = ['src', 'scripts', 'spec'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'node_modules/.package-lock.json'];
const RECORD = join(ROOT, 'node_modules', '.cache', 'statusctl', 'build-record.json');

/** Every file under `dir` (relative to the root), sorted, so the order never changes a hash. */
function filesUnder(dir) {
  try {
    return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

/** Each file's name and contents (a missing one counts as missing), into `hash`. */
function hashFiles(paths, hash = createHash('sha256')) {
  for (const path of paths) {
    let contents;
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

function inputsHash() {
  const hash = createHash('sha256');
  hash.update(`STATUSCTL_BUILD_NO_MINIFY=${process.env.STATUSCTL_BUILD_NO_MINIFY ?? ''}\0node ${process.version}\0`);
  return hashFiles([...INPUT_DIRS.flatMap(filesUnder), ...INPUT_FILES], hash);
}

const outputHash = () => hashFiles(filesUnder('dist'));

/** Forgets the last build's record: called when a build starts, so a build that fails leaves none. */
export function forgetBuild() {
  rmSync(RECORD, { force: true });
}

/** Records the build that just ended. */
export function recordBuild() {
  mkdirSync(dirname(RECORD), { recursive: true });
  writeFileSync(RECORD, JSON.stringify({ inputs: inputsHash(), output: outputHash() }));
}

/** Whether dist/ is the build of the current inputs, on this Node. */
export function isBuildCurrent() {
  let record;
  try {
    record = JSON.parse(readFileSync(RECORD, 'utf8'));
  } catch {
    return false;
  }
  return record.inputs === inputsHash() && record.output === outputHash();
}
