// Bundles the CLI into one ESM file so a call to statusctl loads a single module instead of
// resolving hundreds of files under node_modules; modules imported dynamically stay lazy.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: { cli: 'src/cli/main.ts', index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  define: { __STATUSCTL_VERSION__: JSON.stringify(version) },
  // Bundled CommonJS dependencies (cli-table3) call require(): give the ESM bundle one.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
