import { RUNTIMES } from '../data/runtimes.js';
import { notFound } from '../http-error.js';
import { jsonBytes } from '../json-bytes.js';
import type { Handler } from './types.js';

// The table never changes: encoded once, and its answer made once, not at every request (an
// answer is only read).
let answer: ReturnType<Handler<'listRuntimes'>> | undefined;

export const listRuntimes: Handler<'listRuntimes'> = () => (answer ??= { status: 200, body: RUNTIMES, json: jsonBytes(RUNTIMES) });

/** By name (`2025.04`): the catalog is the same for every account. */
export const getRuntime: Handler<'getRuntime'> = ({ params }) => {
  const runtime = RUNTIMES.find((candidate) => candidate.name === params.id);
  if (!runtime) throw notFound('runtime', params.id);
  return { status: 200, body: runtime };
};
