// Vitest's setupFiles module for the clean-up of test/support (cleanup.ts): registered here, the
// hooks run for every test file whether or not the file's modules were already loaded in its
// worker. Registered before the file's own hooks, so they run after them.
import { afterAll, afterEach, beforeEach } from 'vitest';
import { ended, testStarts } from './cleanup.js';

beforeEach(testStarts);
afterEach(() => ended('test'));
afterAll(() => ended('file'));
