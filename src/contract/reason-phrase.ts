// Kept apart from errors.ts (which builds the error body's zod schema) so the client can name a
// status without loading zod. node:http is taken when a phrase is asked for, not when this module
// loads: the CLI imports it at every start (its failure mapping), and most runs name no status.
export function reasonPhrase(statusCode: number): string {
  return process.getBuiltinModule('node:http').STATUS_CODES[statusCode] ?? 'Error';
}
