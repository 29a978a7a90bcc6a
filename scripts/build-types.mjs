// Type declarations of the typed client (dist/types), so a TypeScript program that installs the
// package gets its real types, not `any`. tsc emits them from src/index.ts; they import zod and
// undici, which the package declares as dependencies for that reason.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

export function buildTypes() {
  rmSync(join(root, 'dist', 'types'), { recursive: true, force: true });
  // typescript's exports map hides bin/tsc: found through its package.json, which it exports.
  const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
}
