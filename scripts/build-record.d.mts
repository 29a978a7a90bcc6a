// Types of build-record.mjs, for the test run that uses it.
export function forgetBuild(): void;
export function recordBuild(): void;
export function isBuildCurrent(): boolean;
