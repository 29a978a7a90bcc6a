// Public surface of the typed client. The implementation lives in transport.ts (undici,
// timeouts, retries, error mapping) and client.ts (one method per operation of the table).
export { createClient, type Client, type ClientOptions, type LostAnswerNote, type RequestEvent } from './client.js';
export { AnswerShapeError, ApiError, WriteMayBeAppliedError, type ApiErrorKind, type WriteCheck } from './errors.js';
export { RateLimitState, type Clock } from './rate-limit.js';
export { RequestValidationError } from './validation.js';
export { REQUEST_CHANNEL, type PublishedRequest } from './transport.js';
