// A profile's key goes only to the server it was saved for. An entry of the credential store is
// named after the profile's base URL; a key in the config file records the base URL it was saved
// with (a key saved before that was recorded is the profile's base URL's). A run whose base URL
// is another (--base-url, STATUSCTL_BASE_URL, or the profile's edited by hand) needs a key of its
// own: a server that is not the profile's never sees the profile's key, asked by a command or
// by a Tab of shell completion.
import { CliError, ExitCode } from '../errors/exit-codes.js';
import { DEFAULT_BASE_URL } from './config.js';
import { looksLikeKey } from './mask.js';

/**
 * Scheme, host and port: what names the server a request goes to. An address that is no URL is
 * itself (it is refused before any request anyway).
 */
export function origin(baseUrl: string): string {
  try {
    return new URL(baseUrl.trim()).origin;
  } catch {
    return baseUrl.trim();
  }
}

/** Whether two base URLs name the same server (`HTTP://Host:80/` is `http://host`). */
export const sameServer = (one: string, other: string) => origin(one) === origin(other);

/**
 * The refusal of a run whose base URL (from `from`) is not the one `profile`'s key was saved for:
 * exit 3, before any request.
 */
export function keyKeptError(profile: string, savedFor: string, baseUrl: string, from: string): CliError {
  const target = looksLikeKey(baseUrl) ? 'another address' : origin(baseUrl);
  const login = `statusctl login --base-url ${looksLikeKey(baseUrl) ? 'URL' : origin(baseUrl)} --profile NAME`;
  return new CliError(
    ExitCode.auth,
    `the API key of profile '${profile}' is kept for ${origin(savedFor || DEFAULT_BASE_URL)} and is not sent to ${target} (the base URL from ${from})`,
    undefined,
    `pass that server's own key with --api-key or STATUSCTL_API_KEY, or log in to it with a profile of its own: ${login}`,
  );
}
