// jq's WebAssembly for --jq (from the jq-wasm package), with a `compilationHints` section added.
//
// Why: V8 compiles a WebAssembly function on its first call, one at a time on the main thread.
// A `--jq` run calls about 250 of jq's 680 functions (the parser, the compiler, the builtins
// library, the interpreter, JSON in and out), and compiling them that way took 25 ms of a
// 60 ms budget. The hints section (a V8 feature behind --experimental-wasm-compilation-hints,
// which src/cli/jq.ts turns on) marks those functions eager: they compile up front, on V8's
// compile threads in parallel, and the other 430 stay lazy.
//
// Which functions a run needs is recorded from V8's own trace over a set of filters
// (`node scripts/jq-wasm.mjs --record`, which writes scripts/jq-hot-functions.json). The record
// names the exact jq.wasm it was made from: a new jq-wasm fails the build until it is recorded
// again. A filter that needs a function outside the record still works: that one compiles lazily.
//
// Format of the section (V8's module decoder): the name, the number of functions defined in the
// module (imports excluded), then one byte per function: strategy in bits 0-1 (1 lazy, 2 eager),
// baseline tier in bits 2-3 and top tier in bits 4-5 (1: Liftoff, the baseline compiler, for
// both: a short run has no use for the optimizing compiler). V8 requires it after the function
// section and before the code section; engines without the feature skip it as a custom section.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RECORD = fileURLToPath(new URL('jq-hot-functions.json', import.meta.url));
const require = createRequire(import.meta.url);
const SOURCE = require.resolve('jq-wasm/jq.wasm');
const LIFTOFF_BOTH = (1 << 2) | (1 << 4);
const LAZY = 1 | LIFTOFF_BOTH;
const EAGER = 2 | LIFTOFF_BOTH;

/** The filters the record is made from: what the README, the help examples and scripts use. */
const FILTERS = [
  '.',
  '.[].name',
  '.entries[].id',
  '.[] | select(.stage == "STABLE") | .name',
  '.entries[] | {id, name, severity}',
  'map(.name) | join(",")',
  '.[] | [.name, .nodeJsVersion] | @tsv',
  '.entries | length',
  'keys',
  'sort_by(.name) | .[-1]',
  'to_entries',
  '.[] | "\\(.name): \\(.stage)"',
  'first(.[])',
  '[.[] | .multiStepSupport] | any',
  'del(.[0].name)',
  '.successRatio.currentPeriod // empty',
  '.bad syntax here',
];

/**
 * esbuild plugin for the vendor-jq chunk: two things jq-wasm's loader loads at start that a
 * --jq run does not need, each costing about 5 ms of it. node:fs/promises, which reads the .wasm
 * when it is not handed over (src/cli/jq.ts hands over the compiled module), is required on first
 * use. WebCrypto, for the random bytes jq's C library asks for once at start, is replaced by
 * Math.random (seeded by V8 from the system): jq makes nothing secret of them. The build fails
 * if the package's source no longer reads as expected.
 */
export const jqLoaderTrimmed = {
  name: 'jq-loader-trimmed',
  setup(b) {
    b.onLoad({ filter: /jq-wasm[\\/]dist[\\/]index\.cjs$/ }, (args) => {
      let source = readFileSync(args.path, 'utf8');
      const edits = [
        [
          'var import_promises = require("fs/promises");',
          'var import_promises = { readFile: (...a) => require("fs/promises").readFile(...a) };',
        ],
        [
          'var initRandomFill = () => (view) => (crypto.getRandomValues(view), 0);',
          'var initRandomFill = () => (view) => { for (let i = 0; i < view.length; i++) view[i] = Math.random() * 256; return 0; };',
        ],
      ];
      for (const [from, to] of edits) {
        if (!source.includes(from)) throw new Error(`${args.path}: no "${from}" to replace (jq-wasm changed): see scripts/jq-wasm.mjs`);
        source = source.replace(from, to);
      }
      return { contents: source, loader: 'js' };
    });
  },
};

/** The compiled jq.wasm with its hints, from the package's file and the record. */
export function hintedJqWasm() {
  const source = readFileSync(SOURCE);
  const record = JSON.parse(readFileSync(RECORD, 'utf8'));
  if (record.sha256 !== sha256(source)) {
    throw new Error(
      `${SOURCE} is not the jq.wasm that scripts/jq-hot-functions.json was recorded from (jq-wasm changed?): run node scripts/jq-wasm.mjs --record`,
    );
  }
  return withHints(source, new Set(record.functions));
}

/** `bytes` with a compilationHints section: eager for the defined functions in `hot`, lazy for the rest. */
export function withHints(bytes, hot) {
  const { declared, code } = layout(bytes);
  const hints = Array.from({ length: declared }, (_, index) => (hot.has(index) ? EAGER : LAZY));
  const name = [...Buffer.from('compilationHints')];
  const payload = [...leb128(name.length), ...name, ...leb128(declared), ...hints];
  const section = Uint8Array.from([0, ...leb128(payload.length), ...payload]);
  return Buffer.concat([bytes.subarray(0, code), section, bytes.subarray(code)]);
}

/** The compilationHints section's bytes, one per defined function, or undefined. */
export function readHints(bytes) {
  for (const section of sections(bytes)) {
    if (section.id !== 0) continue;
    let [length, pos] = readLeb128(bytes, section.body);
    if (Buffer.from(bytes.subarray(pos, pos + length)).toString() !== 'compilationHints') continue;
    pos += length;
    [length, pos] = readLeb128(bytes, pos);
    return bytes.subarray(pos, pos + length);
  }
  return undefined;
}

/** How many functions the module imports and defines, and where its code section starts. */
export function layout(bytes) {
  const all = sections(bytes);
  const functions = all.find((s) => s.id === 3);
  const code = all.find((s) => s.id === 10);
  if (!functions || !code) throw new Error('jq.wasm has no function or code section');
  const imports = all.find((s) => s.id === 2);
  return { imported: imports ? functionImports(bytes, imports.body) : 0, declared: readLeb128(bytes, functions.body)[0], code: code.start };
}

function sections(bytes) {
  const list = [];
  let pos = 8; // magic and version
  while (pos < bytes.length) {
    const start = pos;
    const id = bytes[pos++];
    let size;
    [size, pos] = readLeb128(bytes, pos);
    list.push({ id, start, body: pos });
    pos += size;
  }
  return list;
}

/** Counts the function imports (they come first in the function index space). */
function functionImports(bytes, pos) {
  let count;
  let functions = 0;
  [count, pos] = readLeb128(bytes, pos);
  const skipName = (at) => {
    const [length, next] = readLeb128(bytes, at);
    return next + length;
  };
  const skipLimits = (at) => {
    const flags = bytes[at];
    let next = readLeb128(bytes, at + 1)[1];
    if (flags & 1) next = readLeb128(bytes, next)[1];
    return next;
  };
  for (let i = 0; i < count; i++) {
    pos = skipName(skipName(pos)); // module, field
    const kind = bytes[pos++];
    if (kind === 0) {
      functions++;
      pos = readLeb128(bytes, pos)[1];
    } else if (kind === 1)
      pos = skipLimits(pos + 1); // table: element type, limits
    else if (kind === 2)
      pos = skipLimits(pos); // memory
    else if (kind === 3)
      pos += 2; // global: type, mutability
    else if (kind === 4)
      pos = readLeb128(bytes, pos + 1)[1]; // tag
    else throw new Error(`jq.wasm: unknown import kind ${kind}`);
  }
  return functions;
}

function readLeb128(bytes, pos) {
  let result = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[pos++];
    result |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  return [result >>> 0, pos];
}

function leb128(value) {
  const out = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value) byte |= 0x80;
    out.push(byte);
  } while (value);
  return out;
}

function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Runs the filters with V8 tracing each compiled function, and writes the record. */
function record() {
  const runner = `
    const { loadJq } = require(${JSON.stringify(require.resolve('jq-wasm'))});
    const runtimes = ${JSON.stringify([{ name: '2025.04', stage: 'STABLE', nodeJsVersion: 'v22.11.0', multiStepSupport: true }])};
    const page = { length: 1, entries: [{ id: 'a', name: 'b', severity: 'MAJOR' }], nextId: null };
    loadJq().then((jq) => {
      for (const filter of ${JSON.stringify(FILTERS)}) for (const input of [runtimes, page, null]) jq.raw(input, filter, ['-c']);
    });`;
  // V8 prints its trace with C's stdio, which can lose lines into a pipe at exit: to a file.
  const dir = mkdtempSync(join(tmpdir(), 'statusctl-jq-trace-'));
  const out = openSync(join(dir, 'trace.txt'), 'w');
  const run = spawnSync(process.execPath, ['--trace-wasm-compilation-times', '--liftoff-only', '-e', runner], {
    stdio: ['ignore', out, 'pipe'],
    encoding: 'utf8',
  });
  closeSync(out);
  const trace = readFileSync(join(dir, 'trace.txt'), 'utf8');
  rmSync(dir, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(run.stderr);
  const source = readFileSync(SOURCE);
  const { imported, declared } = layout(source);
  const traced = [...trace.matchAll(/^Compiled function \S+#(\d+) using Liftoff/gm)].map((m) => Number(m[1]) - imported);
  if (traced.length === 0) throw new Error(`V8 traced no compiled function: has the trace format changed?\n${trace.slice(0, 500)}`);
  const functions = [...new Set(traced)].filter((index) => index >= 0 && index < declared).sort((a, b) => a - b);
  const note = 'Functions of jq.wasm (defined-function indices) that a --jq run compiles: see scripts/jq-wasm.mjs';
  writeFileSync(RECORD, `${JSON.stringify({ note, node: process.version, sha256: sha256(source), functions }, null, 2)}\n`);
  console.log(`${functions.length} of ${declared} functions recorded in ${RECORD}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--record')) record();
