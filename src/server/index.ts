// The reference server's entry: what `statusctl server` and `statusctl demo` load, and what the
// tests import. startServer() is in start.ts, its options in options.ts.
export type { Account } from './account.js';
export { generateAccount, isAccountId } from './account.js';
export { DEFAULT_RCA_DELAY_MS, type RunningServer, type ServerOptions } from './options.js';
export { startServer } from './start.js';

export { DEFAULT_HOST, DEFAULT_PORT } from '../contract/rules.js';
export { DEMO_FIXTURES, DEMO_IDS, demoIds } from './fixtures/demo.js';
export { DEMO_ACCOUNT_ID } from './fixtures/ids.js';
export { FixtureError } from './fixtures/load.js';
export { DataFileError } from './persistence/data-file-error.js';
export { DataFileLockedError } from './persistence/lock.js';
export type { AnalysisProvider, AnalysisInput } from './analysis/provider.js';
export type { InProcessRequest } from './in-process.js';
