// One version for the CLI and the client's user-agent (kept equal to package.json by a test).
export { CLIENT_VERSION as VERSION } from '../../client/version.js';
