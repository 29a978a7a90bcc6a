// Bundles the CLI into one file (dist/cli.cjs, plus the vendor chunks of scripts/vendor-chunks.mjs
// that only some commands load) so a call to statusctl loads a single file instead
// of resolving hundreds under node_modules, and the typed client into dist/index.js (ESM) for
// programs that import it. What keeps a call fast (measure with `npm run bench -- cli`):
// - CommonJS, so bin/statusctl can compile it with V8's code cache (vm.Script cachedData): the
//   file is then not parsed again at every start;
// - modules imported dynamically (`await import()`, at a command's boundary: the heavy parts
//   only some commands run) are wrapped by esbuild in lazy init functions: the client, zod and
//   the contract's schemas, prompts, jq, the server and the demo are evaluated only by the
//   commands that use them;
// - Node built-ins are required where the module using them is initialized (see lazyBuiltins);
// - minified, so there is less to read and parse at every start; the source map is a separate
//   file that Node never reads unless run with --enable-source-maps.
import { copyFileSync, mkdirSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { build } from 'esbuild';
import { answerShapesEsbuild } from './answer-shapes.mjs';
import { requestShapesEsbuild } from './request-shapes.mjs';
import { forgetBuild, recordBuild } from './build-record.mjs';
import { buildTypes } from './build-types.mjs';
import { vendorChunkBuilds, vendorImports } from './vendor-chunks.mjs';

const BUILTINS = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/**
 * In an ESM bundle, esbuild hoists every `import ... from 'node:x'` of every bundled module to
 * the top of the file, so importing the client would load node:http, crypto, readline,
 * child_process... This turns each such import into a tiny CommonJS module that requires the
 * built-in: esbuild evaluates it inside the lazy init of the module that imports it, so a
 * built-in is loaded only when code that uses it runs. The CommonJS bundles (the CLI and its
 * chunks) need none of it: there esbuild already requires a built-in where the module importing
 * it is initialized, and takes a named import from the module as it is. Through this wrapper it
 * copied every export of the built-in into a namespace object instead, and reading node:util's
 * exports that way loads the parts of Node behind them (worker_threads, parse_args, ...) at
 * every start of the CLI.
 */
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: /^[a-z_:/]+$/ }, (args) => {
      if (!BUILTINS.has(args.path) || args.kind !== 'import-statement') return undefined;
      return { path: args.path, namespace: 'lazy-builtin' };
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  // STATUSCTL_BUILD_NO_MINIFY=1 keeps names readable for CPU profiles.
  minify: process.env.STATUSCTL_BUILD_NO_MINIFY !== '1',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // The shapes of the hosted API's answers (answer-shapes.mjs), as the module
  // statusctl:answer-shapes: derived from its document at every build.
  // The shapes of the requests the contract's schemas take (request-shapes.mjs), as the module
  // statusctl:request-shapes: derived from the schemas at every build.
  plugins: [answerShapesEsbuild(), requestShapesEsbuild()],
  // @commander-js/extra-typings only adds types: at run time it re-exports commander's classes
  // (and makes a spare Command at load). The bundle takes commander itself, as before.
  alias: { '@commander-js/extra-typings': 'commander' },
};

/** The CLI bundle and its vendor chunks: CommonJS scripts that bin/statusctl runs. */
const script = {
  ...common,
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  // Dynamic import() of a built-in becomes require(): the launcher runs the bundle as a
  // script, where import() has no module loader to call.
  supported: { 'dynamic-import': false },
  // The credential store's library loads a native binary (.node) that no bundle can hold: it
  // stays a dependency in package.json, required from node_modules when first needed.
  external: ['@napi-rs/keyring'],
};

forgetBuild();
await Promise.all([
  build({
    ...script,
    entryPoints: { cli: 'src/cli/runtime/main.ts' },
    plugins: [...common.plugins, vendorImports(undefined)],
  }),
  ...vendorChunkBuilds().map(({ chunk, stdin }) =>
    build({
      ...script,
      stdin,
      outfile: `dist/${chunk}.cjs`,
      outdir: undefined,
      plugins: [...common.plugins, vendorImports(chunk)],
    }),
  ),
  build({
    ...common,
    entryPoints: { index: 'src/index.ts' },
    outdir: 'dist',
    format: 'esm',
    plugins: [lazyBuiltins, ...common.plugins],
    // The library's dependencies are the package's: a program that imports the client shares
    // its zod and undici with it.
    external: ['zod', 'undici'],
    // Bundled CommonJS code and the built-ins above call require(): give the ESM bundle one.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  }),
]);

// jq's WebAssembly, as the package ships it, next to the chunk that loads it: dist/vendor-jq.cjs
// reads build/jq.wasm beside itself, as the package's own loader does in node_modules.
mkdirSync('dist/build', { recursive: true });
copyFileSync(createRequire(import.meta.url).resolve('jq-wasm/jq.wasm'), 'dist/build/jq.wasm');

// Type declarations for programs that import the client (see build-types.mjs).
buildTypes();

// What this dist/ was built from, for a test run to know it need not build again (build-record.mjs).
recordBuild();
