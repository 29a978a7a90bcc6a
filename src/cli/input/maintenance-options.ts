// The options `maintenance create` and `maintenance edit` share, and the request body they make:
// the schedule (WHEN in the window's zone, --ends or --duration, --repeat), where it shows
// (pages, services or components, resolved by lookup/maintenance-targets.ts), who is told and
// what the checks do meanwhile. A create gets the whole body; an edit only the fields given.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { MaintenanceWindow } from '../../contract/schemas.js';
import { fitsRequest } from '../../client/request-check.js';
import { usageError } from '../errors/exit-codes.js';
import { choiceOption, collect, positiveInt } from '../runtime/command-kit.js';
import type { Context } from '../runtime/context.js';
import { namesTargets, resolveTargets, type TargetOptions } from '../lookup/maintenance-targets.js';
import { nonEmpty } from './incident-options.js';
import { duration, localZone, reminder, timeZoneOption, untilDate, WHEN_HELP, whenOf, withOffset } from './maintenance-times.js';

export const REPEATS = ['DAY', 'WEEK', 'MONTH', 'ONCE'] as const;
export const MAINTENANCE_SEVERITIES = ['MINOR', 'MEDIUM', 'MAJOR', 'CRITICAL'] as const;

export interface WindowOptions extends TargetOptions {
  name?: string;
  starts?: string;
  ends?: string;
  duration?: number;
  repeat?: (typeof REPEATS)[number];
  every?: number;
  until?: string;
  timezone?: string;
  severity?: (typeof MAINTENANCE_SEVERITIES)[number];
  notifyStart?: boolean;
  notifyEnd?: boolean;
  remind?: number[];
  autoStart?: boolean;
  autoEnd?: boolean;
  pauseChecks?: boolean;
  silenceAlerts?: boolean;
  silenceTag?: string[];
  tag?: string[];
  description?: string;
  dryRun?: boolean;
}

/**
 * The shared options. On create the switches only turn a default off (`--no-auto-start`); on an
 * edit each has both forms (`--notify-start`, `--no-notify-start`), so leaving one out keeps it.
 */
export function windowOptions(command: CommandUnknownOpts, edit: boolean): CommandUnknownOpts {
  const both = (name: string, on: string, off: string) =>
    edit ? command.option(`--${name}`, on).option(`--no-${name}`, off) : command.option(`--${name}`, on);
  command
    .option('--name <name>', "the window's name, 1 to 200 characters", nonEmpty)
    .option('--starts <when>', `when it starts: ${WHEN_HELP}`)
    .option('--ends <when>', `when it ends: ${WHEN_HELP}`)
    .option('--duration <length>', 'how long it lasts instead of --ends: 30m, 2h, 1d', duration)
    .addOption(choiceOption('--repeat <unit>', 'repeat every day, week or month (once: not at all)', REPEATS))
    .option('--every <n>', 'repeat every N days, weeks or months, 1 to 365 (default 1)', positiveInt(1, 365))
    .option('--until <date>', 'the last day an occurrence may start on, YYYY-MM-DD, in the time zone', untilDate)
    .option(
      '--timezone <zone>',
      edit ? "IANA time zone of the schedule (default: the window's)" : 'IANA time zone of the schedule (default: the local zone)',
      timeZoneOption,
    )
    .option('--status-page <page...>', 'a status page that shows it (v2 or V3: id, url or name); repeat for more', collect)
    .option('--service <name...>', 'a service under maintenance (v2 pages), by id or name (any case, or its start)', collect)
    .option('--component <name...>', 'a component under maintenance (V3 pages), by id or name (any case, or its start)', collect)
    .option('--all-services', 'every service (component) of its status pages')
    .addOption(choiceOption('--severity <severity>', 'shown on the pages: minor, medium, major, critical', MAINTENANCE_SEVERITIES));
  both('notify-start', 'notify the verified subscribers of its pages when it starts', 'no notice when it starts');
  both('notify-end', 'notify the verified subscribers of its pages when it ends', 'no notice when it ends');
  command.option('--remind <before...>', 'remind subscribers this long before each occurrence (1h to 7d); up to 3', reminder);
  if (edit) {
    both('auto-start', 'post IN_PROGRESS at its start by itself', 'do not start it by itself');
    both('auto-end', 'post COMPLETED at its end by itself', 'do not complete it by itself');
  } else {
    command.option('--no-auto-start', 'do not post IN_PROGRESS at its start by itself (maintenance start does)');
    command.option('--no-auto-end', 'do not post COMPLETED at its end by itself (maintenance complete does)');
  }
  both('pause-checks', 'pause every check of the account meanwhile', 'do not pause the checks');
  both('silence-alerts', 'no check alerts meanwhile (with --silence-tag: only checks with those tags)', 'alerts as usual');
  return command
    .option('--silence-tag <tag...>', 'with --silence-alerts: silence only the checks with this tag; repeat for more', collect)
    .option('--tag <tag...>', 'a tag of the window; repeat for more', collect)
    .option('--description <text>', 'what the status pages say about it, up to 2000 characters', nonEmpty)
    .option('--dry-run', 'resolve the names and print the request (method, path, JSON body) instead of sending it');
}

type Body = Record<string, unknown> & { statusPageVisibility?: Record<string, unknown> };

/**
 * The body of a create (`window` undefined: every required field, defaults left to the API) or of
 * an edit of `window` (the fields the options give, times in the window's zone unless --timezone).
 */
export async function windowBody(ctx: Context, options: WindowOptions, window?: MaintenanceWindow): Promise<Body> {
  const zone = options.timezone ?? (window ? (window.timezone ?? 'UTC') : localZone(ctx.env));
  const now = ctx.now();
  if (options.ends && options.duration !== undefined) {
    throw usageError('--ends and --duration: expected one of them, not both', 'give --ends WHEN or --duration 2h');
  }
  if (!window) {
    const missing = [
      ...(options.name ? [] : ['--name']),
      ...(options.starts ? [] : ['--starts']),
      ...(options.ends || options.duration !== undefined ? [] : ['--ends or --duration']),
    ];
    if (missing.length > 0) {
      throw usageError(
        `missing ${missing.join(', ')}: a window needs a name, a start and an end`,
        'statusctl maintenance create --name "Database upgrade" --starts "2026-03-15 02:00" --duration 2h',
      );
    }
  }
  const body: Body = {};
  if (options.name) body.name = options.name;
  const starts = options.starts ? whenOf('--starts', options.starts, zone, now) : undefined;
  const startMs = starts?.at ?? (window ? Date.parse(window.startsAt) : now);
  const ends = options.ends
    ? whenOf('--ends', options.ends, zone, now)
    : options.duration !== undefined
      ? { at: startMs + options.duration, sent: undefined }
      : starts && window
        ? { at: startMs + Date.parse(window.endsAt) - Date.parse(window.startsAt), sent: undefined }
        : undefined;
  if (ends && ends.at <= startMs) {
    throw usageError(
      `--ends "${options.ends}": expected a time after the start`,
      'give a later --ends, or --duration for how long it lasts',
    );
  }
  if (starts) body.startsAt = starts.sent;
  if (ends) body.endsAt = ends.sent ?? withOffset(ends.at, zone);
  if (options.timezone || !window) body.timezone = zone;
  Object.assign(body, repeatFields(options, Boolean(window)));
  if (options.tag) body.tags = options.tag;
  if (options.description) body.description = options.description;
  if (options.pauseChecks !== undefined) body.pauseAllChecks = options.pauseChecks;
  if (options.silenceTag?.length && !options.silenceAlerts) {
    throw usageError('--silence-tag: expected --silence-alerts with it', 'add --silence-alerts to silence the checks with those tags');
  }
  if (options.silenceAlerts !== undefined) {
    body.silenceAllAlerts = options.silenceAlerts && !options.silenceTag?.length;
    body.silenceAlertsTags = options.silenceAlerts ? (options.silenceTag ?? []) : [];
  }
  const visibility = await visibilityFields(ctx, options, window);
  if (Object.keys(visibility).length > 0) body.statusPageVisibility = visibility;
  return body;
}

function repeatFields(options: WindowOptions, edit: boolean): Record<string, unknown> {
  const repeats = options.repeat !== undefined && options.repeat !== 'ONCE';
  if (!repeats && (options.every !== undefined || options.until !== undefined)) {
    throw usageError(
      `${options.every !== undefined ? '--every' : '--until'}: expected --repeat day, week or month with it`,
      'add --repeat week (or day, month) to repeat the window',
    );
  }
  if (repeats) {
    return {
      repeatUnit: options.repeat,
      repeatInterval: options.every ?? 1,
      ...(options.until !== undefined ? { repeatEndsAt: options.until } : {}),
    };
  }
  // The API wants a unit on create even for a window that happens once.
  if (options.repeat === 'ONCE')
    return edit ? { repeatUnit: null, repeatInterval: null, repeatEndsAt: null } : { repeatUnit: 'DAY', repeatInterval: null };
  return edit ? {} : { repeatUnit: 'DAY', repeatInterval: null };
}

async function visibilityFields(ctx: Context, options: WindowOptions, window?: MaintenanceWindow): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  if (namesTargets(options)) {
    const current = window?.statusPageVisibility.enabled ? window.statusPageVisibility.statusPageIds : [];
    const targets = await resolveTargets(ctx, options, current);
    fields.enabled = targets.statusPageIds.length > 0;
    fields.statusPageIds = targets.statusPageIds;
    if (options.allServices) fields.affectAllServices = true;
    else if (options.service?.length || options.component?.length) {
      fields.serviceIds = targets.serviceIds;
      fields.affectAllServices = false;
    }
  }
  if (options.severity) fields.severity = options.severity;
  if (options.notifyStart !== undefined) fields.notifyOnStart = options.notifyStart;
  if (options.notifyEnd !== undefined) fields.notifyOnEnd = options.notifyEnd;
  if (options.remind) fields.reminderMinutesBefore = options.remind;
  // On create the switches are true unless turned off, which the API's defaults are too: only false is sent.
  if (options.autoStart === false || (window && options.autoStart !== undefined)) fields.autoStart = options.autoStart;
  if (options.autoEnd === false || (window && options.autoEnd !== undefined)) fields.autoEnd = options.autoEnd;
  return fields;
}

/** The option each body field comes from, for the error of a value the API would refuse. */
const OPTION_OF: Readonly<Record<string, string>> = {
  name: '--name',
  startsAt: '--starts',
  endsAt: '--ends',
  repeatEndsAt: '--until',
  repeatInterval: '--every',
  description: '--description',
  tags: '--tag',
  silenceAlertsTags: '--silence-tag',
  timezone: '--timezone',
  'statusPageVisibility.reminderMinutesBefore': '--remind',
};

/** The body checked as the API checks it: a refused value is exit 2 naming its option, before anything is sent. */
export async function checkWindowBody(body: Body, create: boolean): Promise<void> {
  // As the client checks a request: the schemas load only to word a body the derived shapes refuse.
  if (fitsRequest(create ? 'createMaintenanceWindow' : 'updateMaintenanceWindow', 'body', body)) return;
  const [schemas, { issueDetails }] = await Promise.all([import('../../contract/schemas.js'), import('../../client/validation.js')]);
  const checked = (create ? schemas.MaintenanceWindowCreate : schemas.MaintenanceWindowUpdate).safeParse(body);
  if (checked.success) return;
  const details = issueDetails(checked.error);
  const first = details[0]!;
  const field = first.path.replace(/\[\d+\]$/, '').replace(/^body\./, '');
  const option = OPTION_OF[field] ?? Object.entries(OPTION_OF).find(([name]) => field.startsWith(`${name}.`))?.[1];
  throw usageError(
    details.map((detail) => `${OPTION_OF[detail.path.replace(/\[\d+\]$/, '')] ?? detail.path}: ${detail.message}`).join('; '),
    option ? `see statusctl maintenance ${create ? 'create' : 'edit'} --help for what ${option} takes` : undefined,
  );
}
