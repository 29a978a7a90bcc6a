// `auth status`: every profile of the config file, the one in use marked, each with what
// `whoami` reports for it (src/cli/settings/credentials-in-use.ts): base URL, account id, key (masked)
// and where it lives, and whether its server accepts them (one request per profile, made side
// by side). The profile in use is shown with the settings a command would use (an option or a
// variable wins over what it saved), the others as saved. `whoami` stays the report of the
// profile in use alone.
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import { type CredentialsInUse, type Inspection, inspectCredentials } from '../../settings/credentials-in-use.js';
import type { Noun } from '../../runtime/globals.js';
import { type Cell, type CellValue, renderTable } from '../../output/cells.js';

/** One row of `auth status -o json`: whoami's report of the profile, and whether it is the one in use. */
export type ProfileStatus = { active: boolean } & CredentialsInUse;

export function declare(auth: Noun): void {
  examples(
    auth
      .command('status')
      .description(
        'List the profiles of the config file, the one in use marked (--profile, else STATUSCTL_PROFILE, else the ' +
          'default chosen with auth switch, else `default`): for each, its base URL, account id, API key (masked) and ' +
          'where the key lives (keyring, file; environment or option for the one in use), and whether the server ' +
          'accepts them (one request each).\n\n' +
          "Exit 3 when the server refuses the one in use, or it has no key; the others' answers are only shown. " +
          '`statusctl whoami` reports the one in use alone.',
      )
      .action((_options, command) => run(Context.fromCommand(command))),
    ['statusctl auth status', 'statusctl auth status -o json', "statusctl auth status --jq '.[] | select(.active) | .profile.value'"],
  );
}

export async function run(ctx: Context): Promise<void> {
  const config = await ctx.config();
  const active = ctx.profileName;
  // A file that cannot be used lists nothing; the profile in use reports (or fails on) it.
  const saved = config.problem ? [] : config.profileNames();
  const names = saved.includes(active) ? saved : [active, ...saved];
  const inspections = await Promise.all(names.map((name) => (name === active ? inspectCredentials(ctx) : inspectSaved(ctx, name))));
  const rows: ProfileStatus[] = inspections.map(({ report }, index) =>
    names[index] === active
      ? { active: true, ...report }
      : // The others are as the config file saved them.
        { active: false, ...report, profile: { value: names[index]!, source: 'file' } },
  );
  if (ctx.json) await ctx.printJson(rows);
  else ctx.out(await renderProfiles(ctx, rows, inspections));
  // The profiles are shown whatever the check found; the exit code is the one in use's.
  const error = inspections[names.indexOf(active)]?.error;
  if (error !== undefined) throw error;
}

/**
 * A profile as saved: its own base URL, account id and key, whatever options and variables a
 * command would add (those apply to the profile in use only).
 */
function inspectSaved(ctx: Context, profile: string): Promise<Inspection> {
  const env = Object.fromEntries(
    Object.entries(ctx.env).filter(([name]) => !/^STATUSCTL_(BASE_URL|API_KEY|ACCOUNT_ID|PROFILE)$/.test(name)),
  );
  const probe = new Context(
    { ...ctx.globals, profile, baseUrl: undefined, apiKey: undefined, accountId: undefined },
    { ...ctx.runtime, io: ctx.io, env },
  );
  return inspectCredentials(probe);
}

/**
 * The profiles as a table: the one in use marked `*` on a terminal (`yes` piped). Piped, each
 * value carries its source, as whoami's do; a terminal shows the base URL alone, and the account
 * id whole (an id that is cut cannot be copied).
 */
export function renderProfiles(ctx: Context, rows: readonly ProfileStatus[], inspections: readonly Inspection[]): Promise<string> {
  const value = (shown: { value: string | null; source: string }) => `${shown.value ?? '(not set)'} (${shown.source})`;
  const cells = rows.map((row, index): CellValue[] => {
    const { server } = row;
    const verdict: Cell = server.accepted
      ? { text: server.message, paint: ctx.style.green }
      : { text: `${inspections[index]!.checked ? 'refuses them' : 'not checked'}: ${server.message}`, paint: ctx.style.red };
    return [
      { text: row.active ? 'yes' : 'no', short: row.active ? '*' : ' ' },
      { text: row.profile.value ?? '', ...(row.active ? { paint: ctx.style.bold } : {}) },
      { text: value(row.baseUrl), short: row.baseUrl.value ?? '(not set)' },
      row.accountId.value ?? '(not set)',
      value(row.apiKey),
      verdict,
    ];
  });
  // The profile's name (what auth switch takes) and its base URL tell profiles apart: never
  // narrowed. On a narrow terminal the server's verdict, then the account id, then the masked key
  // give way (--wide shows them; piped output always has them).
  return renderTable(
    ctx,
    [
      'active',
      { header: 'profile', whole: true },
      { header: 'base URL', whole: true },
      { header: 'account id', id: true, optional: 2 },
      { header: 'API key', optional: 3 },
      { header: 'server', optional: 1 },
    ],
    cells,
  );
}
