// Filled in by the bundler from package.json (scripts/build.mjs), so no file is read at start.
declare const __STATUSCTL_VERSION__: string | undefined;
export const VERSION = typeof __STATUSCTL_VERSION__ === 'string' ? __STATUSCTL_VERSION__ : '0.0.0-dev';
