// Sent in the user-agent. package.json is not imported so the bundle stays free of it; a test
// checks that the two agree, so a release cannot forget one of them.
export const CLIENT_VERSION = '0.1.0';
