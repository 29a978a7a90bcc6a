// Libraries only some commands use live in files of their own beside the CLI bundle
// (dist/vendor-*.cjs; our own reference server too, in dist/server.cjs), loaded by bin/statusctl
// with the same V8 code cache as the bundle. Every call reads and deserializes the whole main
// bundle, unused code included, so libraries that most calls never run stay out of it.
//
// In the main bundle an import of such a library becomes a small module that hands on what
// `require('statusctl:vendor/<chunk>')` gives for it; the launcher answers that require.
// One chunk per group, so that zod is one instance however many chunks use it.

import { createRequire } from 'node:module';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The libraries our code imports the default export of (`const { default: Conf } = await
 * import('conf')`). Their stub in the bundle is an ES module naming each export, as a CommonJS
 * stub would give the whole module object as `default` (Node's interop, which esbuild follows
 * in a package of ES modules). Every other library's stub is one line of CommonJS: an ES stub
 * puts a variable per export (zod's 260, the MCP types' 170) at the top of the bundle, which
 * every call of any command compiles and deserializes in its code cache.
 */
const DEFAULT_IMPORTED = new Set(['conf', 'open', 'yocto-spinner']);

/** Import specifier -> the chunk holding it. */
const CHUNK_OF = {
  zod: 'vendor-zod',
  'zod/v3': 'vendor-zod',
  'zod/v4': 'vendor-zod',
  'zod/v4-mini': 'vendor-zod',
  'zod/v4/core': 'vendor-zod',
  // The config file's writer (login, logout, config set/unset); reading the file needs no library.
  conf: 'vendor-conf',
  '@modelcontextprotocol/sdk/server/index.js': 'vendor-mcp',
  '@modelcontextprotocol/sdk/server/stdio.js': 'vendor-mcp',
  '@modelcontextprotocol/sdk/types.js': 'vendor-mcp',
  // jq compiled to WebAssembly (--jq); its loader reads dist/build/jq.wasm, copied there by build.mjs.
  'jq-wasm': 'vendor-jq',
  // The prompts, on a terminal only (src/cli/prompts/).
  '@inquirer/prompts': 'vendor-prompts',
  // The spinner of a long wait, on a terminal only (src/cli/output/progress.ts).
  'yocto-spinner': 'vendor-spinner',
  // YAML front matter of incident templates (`incidents create --template`, `templates`).
  yaml: 'vendor-yaml',
  // Opening the default browser (`--web`, `status-pages open`), on a desktop terminal only.
  open: 'vendor-open',
  // The client's second HTTP stack; the CLI sends its requests over node:http.
  undici: 'vendor-undici',
};

/**
 * Our own modules that few commands run, in a chunk of their own the same way: the reference
 * server (`statusctl server` and `demo`; a quarter of the CLI bundle otherwise), the proxy agents. Keyed by path
 * from the project root; the CLI imports them with `await import()` only.
 */
const LOCAL_CHUNK_OF = {
  'src/server/index.ts': 'server',
  'src/server/run.ts': 'server',
  // The proxy agents and what they bring (debug, socks), loaded only when a proxy applies.
  'src/client/proxy-agents.ts': 'proxy',
};
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** An import of one of the packages CHUNK_OF names (`zod` of `zod/v4`), which the chunk answers. */
const VENDORED = new RegExp(
  `^(${[...new Set(Object.keys(CHUNK_OF).map((specifier) => /^(@[^/]+\/)?[^/]+/.exec(specifier)[0]))]
    .map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('|')})(/.*)?$`,
);

export const VENDOR_PREFIX = 'statusctl:vendor/';
const keyOf = (specifier) => specifier.replace(/[^a-z0-9]+/gi, '_');

/**
 * Replaces imports of vendored libraries with modules reading the chunk, except the chunk's
 * own (`inside`): a chunk bundles its libraries and reaches other chunks like the main bundle.
 */
export function vendorImports(inside) {
  return {
    name: 'vendor-imports',
    setup(b) {
      // Answered at run time by the launcher.
      b.onResolve({ filter: /^statusctl:vendor\// }, (args) => ({ path: args.path, external: true }));
      b.onResolve({ filter: VENDORED }, (args) => {
        const chunk = CHUNK_OF[args.path];
        if (!chunk) throw new Error(`${args.path} is not in scripts/vendor-chunks.mjs: add it to a chunk`);
        if (chunk === inside) return undefined;
        return { path: args.path, namespace: 'vendor-import' };
      });
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        const path = relative(ROOT, resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts')));
        const chunk = LOCAL_CHUNK_OF[path];
        if (!chunk || chunk === inside) return undefined;
        if (args.kind !== 'dynamic-import')
          throw new Error(`${args.importer} imports ${args.path}, which is in chunk ${chunk}: use await import()`);
        return { path, namespace: 'local-chunk-import' };
      });
      // Named exports are read off the chunk's module object (a dynamic import needs no more).
      b.onLoad({ filter: /.*/, namespace: 'local-chunk-import' }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(`${VENDOR_PREFIX}${LOCAL_CHUNK_OF[args.path]}`)})[${JSON.stringify(keyOf(args.path))}];`,
        loader: 'js',
      }));
      b.onLoad({ filter: /.*/, namespace: 'vendor-import' }, async (args) => {
        const chunkExports = `require(${JSON.stringify(`${VENDOR_PREFIX}${CHUNK_OF[args.path]}`)})[${JSON.stringify(keyOf(args.path))}]`;
        if (!DEFAULT_IMPORTED.has(args.path)) return { contents: `module.exports = ${chunkExports};`, loader: 'js' };
        // Explicit names (some are keywords: zod exports `function`, `null`...): a namespace
        // object handed through as a CommonJS module would lose `default` in Node's ESM interop.
        const names = Object.keys(await import(args.path));
        const lines = [`const m = ${chunkExports};`];
        for (const [i, name] of names.entries()) lines.push(`const e${i} = m[${JSON.stringify(name)}];`);
        lines.push(`export { ${names.map((name, i) => `e${i} as ${JSON.stringify(name)}`).join(', ')} };`);
        return { contents: lines.join('\n'), loader: 'js' };
      });
    },
  };
}

/**
 * Libraries bundled from their CommonJS build: jq-wasm's ES build finds its .wasm through
 * import.meta.url, which a CommonJS chunk does not have; its CommonJS build uses __dirname,
 * which the launcher sets to dist/.
 */
const FROM_COMMONJS = new Set(['jq-wasm']);
const require = createRequire(import.meta.url);

/** esbuild options for each chunk file: its entry re-exports each library under its key. */
export function vendorChunkBuilds() {
  const chunks = new Map();
  for (const [specifier, chunk] of [...Object.entries(CHUNK_OF), ...Object.entries(LOCAL_CHUNK_OF)]) {
    chunks.set(chunk, [...(chunks.get(chunk) ?? []), specifier]);
  }
  return [...chunks].map(([chunk, specifiers]) => ({
    chunk,
    stdin: {
      contents: specifiers.map((specifier) => `export * as ${keyOf(specifier)} from ${JSON.stringify(entryOf(specifier))};`).join('\n'),
      resolveDir: ROOT,
      sourcefile: `${chunk}.js`,
    },
  }));
}

/** Where a chunk's entry imports a specifier from (its resolveDir is the project root). */
function entryOf(specifier) {
  if (FROM_COMMONJS.has(specifier)) return require.resolve(specifier);
  if (specifier in LOCAL_CHUNK_OF) return `./${specifier}`;
  return specifier;
}
