// The ids a command sends in a path, checked against the form the operations table gives them:
// the hosted API takes its ids only as UUIDs and answers anything else with a 400, so a value of
// another form is a usage error before any request, naming the argument and where the id comes
// from. Which parameters are UUIDs is the table's word (src/contract/table.ts), not this
// module's: a parameter the table names (a runtime's name) passes as it is.
import { type OperationId, routes, uuidParams } from '../../contract/table.js';
import { isUuid, type PathParamNames } from '../../contract/rules.js';
import { usageError } from '../errors/exit-codes.js';
import { describeSource, type Settings } from '../settings/resolve.js';
import { KEY_IN_WRONG_PLACE_HINT, looksLikeKey, notShown, quotedValue } from '../settings/mask.js';

/** How the command names the value and where a user finds a good one. */
export interface IdArgument {
  /** As the command's help names it: `CHECK`, `--check`. */
  readonly name: string;
  /** Where the whole id is shown (`statusctl error-groups list shows them`). */
  readonly hint: string;
}

const MAX_SHOWN = 60;

/**
 * The value to send as `param` of `operation`: trimmed, and refused (exit 2) when the table says
 * the operation takes a UUID there and it is not one.
 */
export function sentId<Id extends OperationId>(
  operation: Id,
  param: PathParamNames<(typeof routes)[Id]['path']>,
  value: string,
  argument: IdArgument,
): string {
  const id = value.trim();
  const row = routes[operation];
  if (isUuid(id) || !uuidParams(row).includes(param)) return id;
  const described: string = (row as { paramDescriptions?: Record<string, string> }).paramDescriptions?.[param] ?? param;
  const what = described.replace(/\s*\([^)]*\)$/, '');
  throw usageError(
    `${argument.name}: expected the ${what}, a UUID (8-4-4-4-12 hexadecimal digits); got ${quotedValue(id, MAX_SHOWN)}`,
    `give the whole id: ${argument.hint}`,
  );
}

/**
 * The account id the client sends in the account header, refused (exit 2) before any request
 * when it is not a UUID: the hosted API's document types that header so on every operation, and
 * answers anything else with a 400.
 */
export function sentAccountId(settings: Settings): string | undefined {
  const { accountId } = settings;
  if (accountId === undefined || isUuid(accountId)) return accountId;
  const from = describeSource(settings, 'accountId');
  // A key pasted as the account id would land in the CI log of the error.
  if (looksLikeKey(accountId, settings.apiKey)) {
    throw usageError(
      notShown(`the account id (from ${from})`),
      `${KEY_IN_WRONG_PLACE_HINT}; the account id is a UUID, shown in the account's settings`,
    );
  }
  throw usageError(
    `the account id ${quotedValue(accountId, MAX_SHOWN)} (from ${from}) is not a UUID (8-4-4-4-12 hexadecimal digits), the only form the API takes`,
    "the account's id is shown in its settings: set it with --account-id, STATUSCTL_ACCOUNT_ID or 'statusctl login'",
  );
}
