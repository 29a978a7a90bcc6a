// Every success answer of a route of the hosted API is checked against what its document says
// that answer may be (docs/retries.md#answers) before anyone reads it, so a command never
// renders, and a program never gets, a body of another shape ("s is not iterable"). The shapes
// are derived from spec/upstream-openapi-subset.json at build time (scripts/answer-shapes.mjs):
// types and required fields only, never stricter than the document, so a valid answer of the
// real service is never refused. Plain data and the few lines below: no schema library loads.
/// <reference path="./answer-shapes.d.ts" />
import { type AnswerShape, components, routes } from 'statusctl:answer-shapes';
import type { ErrorDetail } from '../contract/errors.js';
import { formatPath } from '../contract/rules.js';
import { AnswerShapeError } from './errors.js';

/** `--verbose` lists at most this many bad fields. */
const MAX_DETAILS = 20;

/**
 * Throws an AnswerShapeError when `body` is not what the document says a `status` answer of the
 * route may be. A route the document does not have (the reference server's own) is not checked.
 * `target` is the request as sent (`GET /v1/status-pages/incidents/abc`), for the message.
 */
export function checkAnswer(method: string, path: string, target: string, status: number, body: unknown): void {
  const route = `${method} ${path}`;
  const statuses: Readonly<Record<string, AnswerShape | null>> | undefined = Object.hasOwn(routes, route) ? routes[route] : undefined;
  if (!statuses) return;
  if (!Object.hasOwn(statuses, String(status))) {
    const declared = Object.keys(statuses).join(' or ');
    throw new AnswerShapeError(
      route,
      target,
      status,
      [{ path: '(status)', message: `the API answers ${declared} here, not ${status}` }],
      false,
    );
  }
  const shape = statuses[String(status)];
  if (!shape) return; // a status without a body (204): nothing to check
  const found: ErrorDetail[] = [];
  mismatches(shape, body, [], found);
  if (found.length > 0) throw new AnswerShapeError(route, target, status, found.slice(0, MAX_DETAILS), found.length > MAX_DETAILS);
}

/** The JSON type of a value, as a schema's `type` names it. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function fits(type: string, actual: string): boolean {
  return type === actual || (type === 'number' && actual === 'integer');
}

/** Adds to `found` every way `value` differs from `shape` (a few more than are shown, at most). */
function mismatches(shape: AnswerShape, value: unknown, path: (string | number)[], found: ErrorDetail[]): void {
  if (found.length > MAX_DETAILS) return;
  const at = () => formatPath(path, '', 'the body');
  if (shape.$ref !== undefined) {
    const component: AnswerShape | undefined = Object.hasOwn(components, shape.$ref) ? components[shape.$ref] : undefined;
    if (component) mismatches(component, value, path, found);
  }
  const actual = jsonType(value);
  if (shape.type !== undefined) {
    const types = typeof shape.type === 'string' ? [shape.type] : shape.type;
    if (!types.some((type) => fits(type, actual))) {
      found.push({ path: at(), message: `expected ${types.join(' or ')}, got ${describe(value, actual)}` });
      return;
    }
  }
  for (const part of shape.allOf ?? []) mismatches(part, value, path, found);
  if (shape.anyOf && !shape.anyOf.some((part) => isFit(part, value, path))) {
    found.push({ path: at(), message: `fits none of the ${shape.anyOf.length} shapes the API allows here` });
  }
  const { items } = shape;
  if (actual === 'array' && items) {
    const list = value as unknown[];
    for (let index = 0; index < list.length && found.length <= MAX_DETAILS; index++)
      mismatches(items, list[index], [...path, index], found);
  }
  if (actual === 'object') {
    const record = value as Record<string, unknown>;
    const properties = shape.properties ?? {};
    // In the document's order of the fields, so the first one named is the first one it lists.
    for (const name of new Set([...Object.keys(properties), ...(shape.required ?? [])])) {
      if (Object.hasOwn(record, name)) {
        if (Object.hasOwn(properties, name)) mismatches(properties[name]!, record[name], [...path, name], found);
      } else if (shape.required?.includes(name)) {
        found.push({ path: formatPath([...path, name]), message: 'required, missing' });
      }
    }
    if (shape.additionalProperties) {
      for (const [name, child] of Object.entries(record)) {
        if (!Object.hasOwn(shape.properties ?? {}, name)) mismatches(shape.additionalProperties, child, [...path, name], found);
      }
    }
  }
}

function isFit(shape: AnswerShape, value: unknown, path: (string | number)[]): boolean {
  const found: ErrorDetail[] = [];
  mismatches(shape, value, path, found);
  return found.length === 0;
}

/** `object`, `string "abc"`, `number 4`: what was there, short. */
function describe(value: unknown, type: string): string {
  if (type === 'string') {
    const text = value as string;
    return `string ${JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text)}`;
  }
  if (type === 'integer' || type === 'number' || type === 'boolean') return `${type === 'integer' ? 'number' : type} ${String(value)}`;
  return type;
}
