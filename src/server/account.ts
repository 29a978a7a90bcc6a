// An account the server accepts: its id and API key. Its own module so the data file
// (persistence/) and the server's start-up (index.ts) both use it without importing each other.
export interface Account {
  id: string;
  key: string;
}
