import { RUNTIMES } from '../data/runtimes.js';
import type { Handler } from './types.js';

export const listRuntimes: Handler<'listRuntimes'> = () => ({ status: 200, body: RUNTIMES });
