/** The API key is a password: show at most its last 4 characters, anywhere it is shown. */
export function maskKey(key: string | undefined): string {
  if (!key) return '(not set)';
  return key.length <= 8 ? '****' : `****${key.slice(-4)}`;
}
