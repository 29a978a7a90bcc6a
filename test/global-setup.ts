// The CLI tests run the built binary, so every test run builds it first from the sources.
import { execFileSync } from 'node:child_process';

export default function setup() {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
