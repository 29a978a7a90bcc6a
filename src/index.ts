// The package's public entry: the typed client and the contract it speaks.
export * from './contract/index.js';
export * from './client/index.js';
