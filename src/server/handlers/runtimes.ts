import { RUNTIMES } from '../data/runtimes.js';
import { jsonBytes } from '../json-bytes.js';
import type { Handler } from './types.js';

// The table never changes: encoded once, not at every request.
let encoded: ReturnType<typeof jsonBytes<typeof RUNTIMES>> | undefined;

export const listRuntimes: Handler<'listRuntimes'> = () => ({ status: 200, body: RUNTIMES, json: (encoded ??= jsonBytes(RUNTIMES)) });
