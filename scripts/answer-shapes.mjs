// What a success answer of each route of the hosted API may be, derived at build time from its
// document (spec/upstream-openapi-subset.json; docs/retries.md#answers) as compact data that
// src/client/answer-check.ts checks every success answer against: no schema library, and only
// the shapes of the routes and the components they use. The build bundles it as the module
// `statusctl:answer-shapes` (scripts/build.mjs); the tests get the same from vitest.config.ts.
//
// Only what no valid answer of the hosted service can break is kept of a schema: types, required
// fields, the items of an array and the properties of an object (and allOf/anyOf/oneOf, should
// the document use them). Formats, patterns, enums, lengths and the vendor's keywords are dropped
// (the hosted service itself breaks some: a heartbeat event's `timestamp` is declared a date and
// holds a date-time), extra fields are allowed, and `nullable: true` lets null through.
import { readFileSync } from 'node:fs';

export const ANSWER_SHAPES_MODULE = 'statusctl:answer-shapes';
const DOCUMENT = new URL('../spec/upstream-openapi-subset.json', import.meta.url);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const REF = /^#\/components\/schemas\/(.+)$/;

/**
 * A schema of the document cut down to types and required fields (see src/client/answer-check.ts
 * for the shape of the result); a `$ref` becomes the component's name, `nullable` a type union.
 * `used` collects the names of the components it refers to.
 */
export function typesOnly(node, used = new Set()) {
  if (!node || typeof node !== 'object') return {};
  const out = {};
  if (typeof node.$ref === 'string') {
    const name = REF.exec(node.$ref)?.[1];
    if (name === undefined) throw new Error(`answer shapes: a $ref outside the document's schemas: ${node.$ref}`);
    used.add(name);
    out.$ref = name;
  }
  if (typeof node.type === 'string' || Array.isArray(node.type)) out.type = node.type;
  if (Array.isArray(node.required) && node.required.length > 0) out.required = node.required;
  if (node.items !== undefined) out.items = typesOnly(node.items, used);
  if (node.properties) {
    const properties = Object.entries(node.properties)
      .map(([name, value]) => [name, typesOnly(value, used)])
      // A property that may hold anything needs no entry.
      .filter(([, shape]) => Object.keys(shape).length > 0);
    if (properties.length > 0) out.properties = Object.fromEntries(properties);
  }
  // A schema for the other properties checks their types; `false` (no other fields) is dropped.
  if (node.additionalProperties && typeof node.additionalProperties === 'object')
    out.additionalProperties = typesOnly(node.additionalProperties, used);
  if (Array.isArray(node.allOf)) out.allOf = node.allOf.map((part) => typesOnly(part, used));
  // "Exactly one" would refuse an answer that fits two: any one will do.
  const anyOf = [...(node.anyOf ?? []), ...(node.oneOf ?? [])];
  if (anyOf.length > 0) out.anyOf = anyOf.map((part) => typesOnly(part, used));
  if (node.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.type)) out.type = [...out.type, 'null'];
    else if (Object.keys(out).length > 0) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

/**
 * `routes`: `METHOD path` -> success status -> the shape of its body (null: the status has no
 * body); `components`: the shapes the routes refer to by name.
 */
export function answerShapes(document = JSON.parse(readFileSync(DOCUMENT, 'utf8'))) {
  const used = new Set();
  const routes = {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const statuses = {};
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!/^2\d\d$/.test(status)) continue;
        const schema = response.content?.['application/json']?.schema;
        // A 204 has no body (RFC 9110), whatever schema the document gives it (it gives some a string).
        statuses[status] = schema === undefined || status === '204' ? null : typesOnly(schema, used);
      }
      routes[`${method.toUpperCase()} ${path}`] = statuses;
    }
  }
  const all = document.components?.schemas ?? {};
  const components = {};
  // Components refer to others: follow them until no new name comes up.
  for (const name of used) {
    if (!(name in all)) throw new Error(`answer shapes: no component ${name} in the document`);
    components[name] = typesOnly(all[name], used);
  }
  return { routes, components };
}

/** The module's source: `routes` and `components` as above. */
export function answerShapesSource(document) {
  const { routes, components } = answerShapes(document);
  return `export const routes = ${JSON.stringify(routes)};\nexport const components = ${JSON.stringify(components)};\n`;
}

/** The module for esbuild (scripts/build.mjs). */
export function answerShapesEsbuild() {
  return {
    name: 'answer-shapes',
    setup(b) {
      b.onResolve({ filter: /^statusctl:answer-shapes$/ }, (args) => ({ path: args.path, namespace: 'answer-shapes' }));
      b.onLoad({ filter: /.*/, namespace: 'answer-shapes' }, () => ({
        contents: answerShapesSource(),
        loader: 'js',
        watchFiles: [DOCUMENT.pathname],
      }));
    },
  };
}

/** The same module for vitest (vitest.config.ts), so the tests run the code as built. */
export function answerShapesVite() {
  const id = `\0${ANSWER_SHAPES_MODULE}`;
  return {
    name: 'answer-shapes',
    resolveId: (source) => (source === ANSWER_SHAPES_MODULE ? id : undefined),
    load: (loaded) => (loaded === id ? answerShapesSource() : undefined),
  };
}
