export * from './schemas.js';
export * from './operations.js';
export * from './errors.js';
