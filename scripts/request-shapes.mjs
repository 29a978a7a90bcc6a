// What the client may send to each operation, derived at build time from the contract's own
// request schemas (src/contract/resources/*.schemas.ts, zod) as plain data that
// src/client/request-check.ts checks a query and a body against before sending: no schema
// library on the way to a request. The build bundles it as the module `statusctl:request-shapes`
// (scripts/build.mjs); the tests get the same from vitest.config.ts.
//
// A shape is the schema as zod runs it: its type, its checks (lengths, bounds, patterns, the
// formats zod checks by a pattern or a URL parse) and the predicates of src/contract/request-checks.ts,
// named by their tag. What the walk does not know (a refine written inline, a transform whose
// result another schema checks, a kind of schema no request uses yet) becomes `{ t: '?' }`: the
// client then checks that request with the schemas themselves, so nothing is ever let through
// that zod would refuse. A request the shapes refuse is checked by the schemas too, for the
// words of the error (the same as the server's 400).
import { build } from 'esbuild';

export const REQUEST_SHAPES_MODULE = 'statusctl:request-shapes';
const OPERATIONS = new URL('../src/contract/operations.ts', import.meta.url);
const SCHEMAS = new URL('../src/contract/schemas.ts', import.meta.url);
const REQUEST_CHECK = Symbol.for('statusctl.requestCheck');
const UNKNOWN = { t: '?' };

const pattern = (re) => [re.source, re.flags];

/** A check of zod's (`_zod.def`) as data, or undefined when it is not one the client runs. */
function checkOf(def) {
  switch (def.check) {
    case 'min_length':
      return ['min', def.minimum];
    case 'max_length':
      return ['max', def.maximum];
    case 'length_equals':
      return ['len', def.length];
    case 'greater_than':
      return ['gt', def.value, def.inclusive === true];
    case 'less_than':
      return ['lt', def.value, def.inclusive === true];
    case 'number_format':
      return def.format === 'safeint' ? ['int'] : undefined;
    case 'string_format':
      if (def.format === 'url') return urlCheck(def);
      return def.pattern instanceof RegExp ? ['re', ...pattern(def.pattern)] : undefined;
    case 'custom': {
      const tag = def.fn?.[REQUEST_CHECK];
      return Array.isArray(tag) && !def.when && !def.abort ? ['fn', ...tag] : undefined;
    }
    default:
      return undefined;
  }
}

/** zod's URL check (validateURL in zod/v4/core/schemas.js): the options it reads. */
function urlCheck(def) {
  return [
    'url',
    {
      normalize: def.normalize === true,
      parsed: 'normalize' in def || 'hostname' in def || 'protocol' in def,
      ...(def.protocol ? { protocol: pattern(def.protocol) } : {}),
      ...(def.hostname ? { hostname: pattern(def.hostname) } : {}),
    },
  ];
}

/** The checks of a schema, its own format first (zod runs the schema's own check before the others). */
function checksOf(def) {
  const all = [...(def.check ? [def] : []), ...(def.checks ?? []).map((check) => check._zod.def)];
  const out = all.map(checkOf);
  return out.includes(undefined) ? undefined : out;
}

/** One schema as data (see the module's comment). */
export function shapeOf(schema) {
  const def = schema._zod.def;
  const checks = checksOf(def);
  if (!checks) return UNKNOWN;
  const withChecks = (shape) => (checks.length ? { ...shape, c: checks } : shape);
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'undefined':
    case 'any':
    case 'unknown':
      if (def.coerce) return UNKNOWN;
      return withChecks({ t: def.type });
    case 'enum':
      return withChecks({ t: 'enum', v: Object.values(def.entries) });
    case 'literal':
      return withChecks({ t: 'enum', v: def.values });
    case 'optional':
    case 'nullable':
      return withChecks({ t: def.type, i: shapeOf(def.innerType) });
    case 'array':
      return withChecks({ t: 'array', e: shapeOf(def.element) });
    case 'tuple':
      return withChecks({ t: 'tuple', i: def.items.map(shapeOf), ...(def.rest ? { r: shapeOf(def.rest) } : {}) });
    case 'union':
      return def.inclusive === false ? UNKNOWN : withChecks({ t: 'union', o: def.options.map(shapeOf) });
    case 'object': {
      const catchall = def.catchall?._zod.def.type;
      const rest = catchall === undefined ? 'strip' : catchall === 'never' ? 'strict' : shapeOf(def.catchall);
      const fields = Object.fromEntries(Object.entries(def.shape).map(([name, field]) => [name, shapeOf(field)]));
      return withChecks({ t: 'object', s: fields, x: rest });
    }
    case 'pipe':
      return withChecks({ t: 'pipe', in: shapeOf(def.in), out: shapeOf(def.out) });
    case 'transform':
      // Number is the one transform whose result a request schema checks again (a whole number
      // in a query string); any other result is left unchecked, or makes the shape unknown.
      return { t: 'transform', f: def.transform === Number ? 'Number' : null };
    default:
      return UNKNOWN;
  }
}

/** operation id -> `{ query?, body? }` shapes, from the operations with their schemas. */
export function requestShapes(operations) {
  const out = {};
  for (const [id, op] of Object.entries(operations)) {
    const shapes = {};
    if (op.query) shapes.query = shapeOf(op.query);
    if (op.body) shapes.body = shapeOf(op.body);
    if (Object.keys(shapes).length > 0) out[id] = shapes;
  }
  return out;
}

/**
 * Schemas the CLI checks a value against besides a request (an option's date, an address), by
 * the name schemas.ts exports them under: their shapes go in `named`.
 */
export const NAMED = ['DateOrDateTime', 'EmailAddress'];

/** The operations with their schemas (`operations`) and the schemas by name (`schemas`), bundled from the sources (zod and all) and evaluated here. */
export async function loadContract() {
  const result = await build({
    stdin: {
      contents: `export { operations } from ${JSON.stringify(OPERATIONS.pathname)};\nexport * as schemas from ${JSON.stringify(SCHEMAS.pathname)};`,
      resolveDir: new URL('..', import.meta.url).pathname,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    write: false,
    logLevel: 'warning',
  });
  const source = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
}

/** The module's source: `shapes`, by operation id, and `named`, by schema name, each entry its JSON text. */
export async function requestShapesSource() {
  const { operations, schemas } = await loadContract();
  const named = Object.fromEntries(NAMED.map((name) => [name, shapeOf(schemas[name])]));
  // Each entry as JSON text, parsed when its operation is first checked: a command pays for the
  // shapes of the operations it calls, not for the whole table's.
  const asTexts = (entries) =>
    JSON.stringify(Object.fromEntries(Object.entries(entries).map(([key, value]) => [key, JSON.stringify(value)])));
  return `export const shapes = ${asTexts(requestShapes(operations))};\nexport const named = ${asTexts(named)};\n`;
}

/** The module for esbuild (scripts/build.mjs). */
export function requestShapesEsbuild() {
  return {
    name: 'request-shapes',
    setup(b) {
      let source;
      b.onResolve({ filter: /^statusctl:request-shapes$/ }, (args) => ({ path: args.path, namespace: 'request-shapes' }));
      b.onLoad({ filter: /.*/, namespace: 'request-shapes' }, async () => ({
        contents: await (source ??= requestShapesSource()),
        loader: 'js',
      }));
    },
  };
}

/** The same module for vitest (vitest.config.ts), so the tests run the code as built. */
export function requestShapesVite() {
  const id = `\0${REQUEST_SHAPES_MODULE}`;
  return {
    name: 'request-shapes',
    resolveId: (source) => (source === REQUEST_SHAPES_MODULE ? id : undefined),
    load: (loaded) => (loaded === id ? requestShapesSource() : undefined),
  };
}
