// Types of jq-wasm.mjs, for the tests that check the built jq.wasm.
export function hintedJqWasm(): Buffer;
export function withHints(bytes: Uint8Array, hot: Set<number>): Buffer;
export function readHints(bytes: Uint8Array): Uint8Array | undefined;
export function layout(bytes: Uint8Array): { imported: number; declared: number; code: number };
export const jqLoaderTrimmed: { name: string; setup(build: unknown): void };
