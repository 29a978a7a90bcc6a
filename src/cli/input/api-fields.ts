// The fields of `statusctl api` (-f key=value, -F key=value), as gh api reads them: a body made
// of nested keys, or a query string for a GET.
import { readFile } from 'node:fs/promises';
import type { Context } from '../runtime/context.js';
import { usageError } from '../errors/exit-codes.js';
import { readAll } from './read.js';

export interface Field {
  /** `key=value` as given. */
  text: string;
  /** -F: numbers, true, false, null and @FILE are typed; -f: always a string. */
  typed: boolean;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** `a[b][]` as ['a', 'b', '']: the name, then each bracket's content. */
function keyPath(key: string, field: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw usageError(`field '${field}' is invalid: expected key=value, with nested keys as a[b] or a[] or a[][b]`);
  return [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
}

async function fieldValue(ctx: Context, raw: string, typed: boolean, field: string): Promise<Json> {
  if (!typed) return raw;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (raw.startsWith('@')) {
    const file = raw.slice(1);
    try {
      if (file === '-') {
        return await readAll(ctx.io.stdin);
      }
      return await readFile(file, 'utf8');
    } catch (error) {
      throw usageError(`field '${field}': cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return raw;
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Puts `value` at `path` under `target` (an object), following gh api's rules for `[]`. */
function place(target: { [key: string]: Json }, path: string[], value: Json, field: string): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const [next, ...after] = rest;
  if (next === '') {
    const list = target[head] ?? [];
    if (!Array.isArray(list)) throw usageError(`field '${field}': ${head} is already a value, not a list`);
    target[head] = list;
    if (after.length === 0) {
      list.push(value);
      return;
    }
    // a[][b]=v: a new object when the last one already has b, else b goes into the last one.
    const last = list.at(-1);
    const key = after[0]!;
    const into = isObject(last) && !(key in last) ? last : {};
    if (into !== last) list.push(into);
    place(into, after, value, field);
    return;
  }
  const child = target[head] ?? {};
  if (!isObject(child)) throw usageError(`field '${field}': ${head} is already a value, not an object`);
  target[head] = child;
  place(child, rest, value, field);
}

/** The fields as a JSON body, or (for a GET) as flat query parameters. */
export async function buildBody(ctx: Context, fields: readonly Field[], { query }: { query: boolean }): Promise<{ [key: string]: Json }> {
  const body: { [key: string]: Json } = {};
  for (const field of fields) {
    const equals = field.text.indexOf('=');
    if (equals < 1) throw usageError(`field '${field.text}' is invalid: expected key=value`);
    const key = field.text.slice(0, equals);
    const value = await fieldValue(ctx, field.text.slice(equals + 1), field.typed, field.text);
    if (query) body[key] = value;
    else place(body, keyPath(key, field.text), value, field.text);
  }
  return body;
}

/** The path with the fields added to its query string. */
export function withQuery(path: string, fields: { [key: string]: Json }): string {
  const entries = Object.entries(fields);
  if (!entries.length) return path;
  const url = new URL(path, 'http://x');
  for (const [key, value] of entries) url.searchParams.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  return `${url.pathname}${url.search}`;
}
