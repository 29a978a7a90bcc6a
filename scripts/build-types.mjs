// Type declarations of the typed client (dist/types), so a TypeScript program that installs the
// package gets its real types, not `any`. tsc emits them from src/index.ts; they refer to zod and
// undici, which the package does not depend on at run time (both are bundled into dist/index.js).
// So the declaration files those two packages ship (all relative among themselves) are copied into
// dist/types/vendor/, with their licenses, and our declarations import them by relative path: the
// installed package type-checks with nothing else than @types/node (undici's types need Node's).
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'dist', 'types');
/**
 * Entry declaration file of each vendored package and how its declarations are read: zod's
 * ESM ones carry file extensions; undici's are written for CommonJS resolution (no extensions).
 */
const VENDORED = { zod: { entry: 'index.d.ts', type: 'module' }, undici: { entry: 'index.d.ts', type: 'commonjs' } };

/** Every declaration file reachable from `entry` through relative imports and references. */
function reachable(entry) {
  const seen = new Set();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]*)['"]|<reference path=['"]([^'"]+)['"]/g)) {
      if (!spec) continue;
      const base = resolve(dirname(file), spec);
      // Declarations only: `./external.js` is typed by `./external.d.ts`, never the .js beside it.
      const found = [base.replace(/\.js$/, '.d.ts'), `${base}.d.ts`, join(base, 'index.d.ts')].find(
        (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
      );
      if (!found) throw new Error(`types: ${spec} from ${relative(root, file)} not found`);
      stack.push(found);
    }
  }
  return seen;
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((file) => file.endsWith('.d.ts'));
}

export function buildTypes() {
  rmSync(out, { recursive: true, force: true });
  // typescript's exports map hides bin/tsc: found through its package.json, which it exports.
  const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });

  for (const [name, { entry, type }] of Object.entries(VENDORED)) {
    const pkg = join(root, 'node_modules', name);
    const target = join(out, 'vendor', name);
    for (const file of reachable(join(pkg, entry))) {
      const copy = join(target, relative(pkg, file));
      mkdirSync(dirname(copy), { recursive: true });
      copyFileSync(file, copy);
    }
    copyFileSync(join(pkg, 'LICENSE'), join(target, 'LICENSE'));
    writeFileSync(join(target, 'package.json'), `${JSON.stringify({ type }, null, 2)}\n`);
  }

  // `from 'zod'` in dist/types/contract/schemas.d.ts becomes `from '../vendor/zod/index.js'`.
  for (const file of filesUnder(out).filter((file) => !file.startsWith(join(out, 'vendor') + sep))) {
    const source = readFileSync(file, 'utf8');
    const rewritten = source.replace(/(from\s+|import\()(['"])(zod|undici)\2/g, (_, keyword, quote, name) => {
      let path = relative(dirname(file), join(out, 'vendor', name, 'index.js'))
        .split(sep)
        .join(posix.sep);
      if (!path.startsWith('.')) path = `./${path}`;
      return `${keyword}${quote}${path}${quote}`;
    });
    if (rewritten !== source) writeFileSync(file, rewritten);
  }
}
