// `maintenance create` through the built binary against the reference server on a test clock:
// a weekly window by service name on a v2 page and by component name on a V3 page, local times
// in the window's zone, the dry run that sends nothing, the automatic start once the clock
// passes the start, and bad values refused with the option named and a hint.
import { describe, expect, it, vi } from 'vitest';
import type { MaintenanceWindow } from '../../src/contract/schemas.js';
import { parseJson } from './helpers.js';
import { maintenanceServer, ZONE } from './maintenance-setup.js';

vi.setConfig({ testTimeout: 120_000 });

const m = maintenanceServer();

describe('maintenance create', () => {
  it('a weekly window by service name (any case, the start of it) on a v2 page, at 02:00 in its zone', async () => {
    const payments = await m.page('acme-payments');
    const window = await m.create([
      '--name',
      'Card vault patching',
      '--starts',
      '2030-03-03 02:00',
      '--duration',
      '2h',
      '--repeat',
      'week',
      '--until',
      '2030-04-30',
      '--service',
      'payments api',
      '--service',
      'card proc',
      '--notify-start',
      '--remind',
      '24h',
    ]);
    expect(window.timezone).toBe(ZONE);
    expect(Date.parse(window.startsAt)).toBe(Date.parse('2030-03-03T02:00:00+01:00'));
    expect(Date.parse(window.endsAt)).toBe(Date.parse('2030-03-03T04:00:00+01:00'));
    expect([window.repeatUnit, window.repeatInterval, window.repeatEndsAt]).toEqual(['WEEK', 1, '2030-04-30']);
    expect(window.statusPageVisibility).toMatchObject({
      enabled: true,
      statusPageIds: [payments.id],
      notifyOnStart: true,
      reminderMinutesBefore: [1440],
    });
    expect(window.statusPageVisibility.serviceIds.sort()).toEqual(
      [payments.parts.get('Payments API'), payments.parts.get('Card Processing')].sort(),
    );
    // Occurrences are computed in the zone: after the change to summer time (2030-03-31) the
    // window is still at 02:00 local, an hour earlier in UTC.
    const starts = (await m.occurrences(window.id)).map((occurrence) => Date.parse(occurrence.startsAt));
    expect(starts).toContain(Date.parse('2030-04-07T02:00:00+02:00'));
  });

  it('by component name on a V3 page, and the pages are those that show what was named', async () => {
    const platform = await m.page('acme-platform');
    const window = await m.create(['--name', 'Webhook queue move', '--starts', '+2h', '--ends', '+3h', '--component', 'webh']);
    expect(window.statusPageVisibility).toMatchObject({
      enabled: true,
      statusPageIds: [platform.id],
      serviceIds: [platform.parts.get('Webhooks')],
      affectAllServices: false,
    });
    // +2h is from now: the run's clock, which is the real one here; the length is what was asked.
    expect(Date.parse(window.endsAt) - Date.parse(window.startsAt)).toBe(3_600_000);
  });

  it('--status-page of a V3 page takes --service as its components, and --all-services all of them', async () => {
    const platform = await m.page('acme-platform');
    const named = await m.create([
      '--name',
      'API gateway',
      '--starts',
      '2030-03-05 22:00',
      '--duration',
      '1h',
      '--status-page',
      'Acme Platform',
      '--service',
      'rest api',
    ]);
    expect(named.statusPageVisibility.serviceIds).toEqual([platform.parts.get('REST API')]);
    const all = await m.create([
      '--name',
      'Everything',
      '--starts',
      '2030-03-06 22:00',
      '--duration',
      '1h',
      '--status-page',
      'acme-platform',
      '--all-services',
    ]);
    expect(all.statusPageVisibility).toMatchObject({ enabled: true, affectAllServices: true, statusPageIds: [platform.id] });
  });

  it('--dry-run prints the request and sends nothing', async () => {
    const before = (await m.server.call('GET', '/v1/maintenance-windows?limit=100')).json.length;
    const result = await m.cli([
      'maintenance',
      'create',
      '--name',
      'Rehearsal',
      '--starts',
      '2030-03-10 01:30',
      '--ends',
      '2030-03-10 03:00',
      '--service',
      'Postgres (primary)',
      '--pause-checks',
      '--silence-alerts',
      '--silence-tag',
      'db',
      '--no-auto-end',
      '--dry-run',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('dry run: nothing was sent');
    const [requestLine, ...json] = result.stdout.split('\n');
    expect(requestLine).toBe('POST /v1/maintenance-windows');
    const body = JSON.parse(json.join('\n'));
    expect(body).toMatchObject({
      name: 'Rehearsal',
      startsAt: '2030-03-10T01:30:00+01:00',
      endsAt: '2030-03-10T03:00:00+01:00',
      timezone: ZONE,
      repeatUnit: 'DAY',
      repeatInterval: null,
      pauseAllChecks: true,
      silenceAllAlerts: false,
      silenceAlertsTags: ['db'],
      statusPageVisibility: { enabled: true, autoEnd: false },
    });
    expect((await m.server.call('GET', '/v1/maintenance-windows?limit=100')).json.length).toBe(before);
  });

  it('once the clock passes its start, `maintenance get` shows it in progress (the automatic start)', async () => {
    const start = new Date(m.now() + 3_600_000).toISOString();
    const window = await m.create([
      '--name',
      'Router firmware',
      '--starts',
      start,
      '--duration',
      '2h',
      '--status-page',
      'acme-cloud',
      '--all-services',
    ]);
    const before = await m.cli(['maintenance', 'get', String(window.id)]);
    expect(before.stdout).toContain('status\tSCHEDULED');
    await m.advance(90 * 60_000);
    const after = await m.cli(['maintenance', 'get', String(window.id)]);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toContain('status\tIN_PROGRESS');
    const json = parseJson<MaintenanceWindow & { maintenances: { status: string }[] }>(
      await m.cli(['maintenance', 'get', String(window.id), '-o', 'json']),
    );
    expect(json.maintenances[0]!.status).toBe('IN_PROGRESS');
  });

  it('piped: the window as label<TAB>value lines', async () => {
    const result = await m.cli(['maintenance', 'create', '--name', 'Piped one', '--starts', '2030-03-20T10:00:00Z', '--duration', '30m']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^window\t\d+\nname\tPiped one\nstatus\tSCHEDULED\nnext starts\t2030-03-20T10:00:00/);
    expect(result.stdout).toContain('status pages\tnot shown');
  });

  it('bad values: exit 2 naming the option, what was expected and a hint; nothing sent', async () => {
    const cases: [string[], RegExp][] = [
      [['--name', 'x', '--starts', 'tomorrow', '--duration', '1h'], /--starts "tomorrow": expected an ISO date-time, YYYY-MM-DD HH:MM/],
      [['--name', 'x', '--starts', '+1h'], /missing --ends or --duration/],
      [['--name', 'x', '--starts', '+2h', '--ends', '+1h'], /--ends "\+1h": expected a time after the start/],
      [['--name', 'x', '--starts', '+1h', '--duration', '1h', '--every', '2'], /--every: expected --repeat day, week or month/],
      [['--name', 'x', '--starts', '+1h', '--duration', '1h', '--service', 'Nope API'], /--service "Nope API": no such service/],
      [['--name', 'x', '--starts', '+1h', '--duration', '1h', '--component', 'Nope'], /--component "Nope": no such component/],
      [
        ['--name', 'x', '--starts', '+1h', '--duration', '1h', '--remind', '1h', '--remind', '2h', '--remind', '3h', '--remind', '4h'],
        /--remind: /,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await m.cli(['maintenance', 'create', ...args]);
      expect(result.code, `${args.join(' ')}\n${result.stderr}`).toBe(2);
      expect(result.stderr).toMatch(message);
      if (!/no such/.test(message.source)) expect(result.stderr, args.join(' ')).toContain('hint:');
    }
    const zone = await m.cli(['maintenance', 'create', '--name', 'x', '--starts', '+1h', '--duration', '1h', '--timezone', '+05:00']);
    expect(zone.code).toBe(2);
    expect(zone.stderr).toContain('expected a named IANA time zone');
  });
});
