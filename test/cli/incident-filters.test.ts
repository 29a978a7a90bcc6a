// incidents list filters (--severity, --service, --status-page, with --status) and the "started"
// time of incidents get, through the CLI in the test process (output piped) against the
// reference server's demo data.
import { describe, expect, it } from 'vitest';
import { useTestServer, runCli } from './helpers.js';

interface Incident {
  id: string;
  name: string;
  severity: string;
  lastUpdateStatus: string;
  services: { id: string; name: string }[];
  incidentUpdates: { publicIncidentUpdateDate: string }[];
}
interface StatusPage {
  name: string;
  cards: { services: { id: string }[] }[];
}

const test = useTestServer();

async function json<T>(args: string[]): Promise<T> {
  const result = await runCli([...args, '--json'], { env: test.server.env, inProcess: true });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}
/** The v2 incidents of a list of both kinds (a V3 incident has its page's id; v3-incidents-list.test.ts filters those). */
const v2 = (entries: (Incident & { statusPageId?: string })[]) => entries.filter((entry) => entry.statusPageId === undefined);
const everyIncident = async () => v2((await json<{ entries: Incident[] }>(['incidents', 'list', '--all'])).entries);

describe('incidents list filters', () => {
  it('--severity, repeatable or comma-separated, any case', async () => {
    const all = await everyIncident();
    const wanted = all.filter((incident) => ['CRITICAL', 'MAJOR'].includes(incident.severity)).map((incident) => incident.id);
    const repeated = await json<{ entries: Incident[] }>(['incidents', 'list', '--all', '--severity', 'critical', '--severity', 'Major']);
    expect(v2(repeated.entries).map((incident) => incident.id)).toEqual(wanted);
    const listed = await json<{ entries: Incident[] }>(['incidents', 'list', '--all', '--severity', 'critical,major']);
    expect(v2(listed.entries).map((incident) => incident.id)).toEqual(wanted);
  });

  it('--service by name (any case) or id: incidents on that service', async () => {
    const all = await everyIncident();
    const payments = all.flatMap((incident) => incident.services).find((service) => service.name === 'Payments API')!;
    const wanted = all.filter((incident) => incident.services.some((service) => service.id === payments.id)).map((incident) => incident.id);
    expect(wanted.length).toBeGreaterThan(0);
    const byName = await runCli(['incidents', 'list', '--all', '--service', 'payments api'], { env: test.server.env, inProcess: true });
    expect(byName.code, byName.stderr).toBe(0);
    expect(
      byName.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t')[0]),
    ).toEqual(wanted);
    const byId = await json<{ entries: Incident[] }>(['incidents', 'list', '--all', '--service', payments.id]);
    expect(v2(byId.entries).map((incident) => incident.id)).toEqual(wanted);
  });

  it("--status-page: incidents touching one of the page's services; combined with --status", async () => {
    const all = await everyIncident();
    const pages = await json<{ entries: StatusPage[] }>(['status-pages', 'list', '--all']);
    const internal = pages.entries.find((page) => page.name === 'Internal Platform')!;
    const onPage = new Set(internal.cards.flatMap((card) => card.services.map((service) => service.id)));
    const touching = all.filter((incident) => incident.services.some((service) => onPage.has(service.id)));
    const result = await json<{ entries: Incident[] }>(['incidents', 'list', '--all', '--status-page', 'internal platform']);
    expect(v2(result.entries).map((incident) => incident.id)).toEqual(touching.map((incident) => incident.id));
    const resolved = await json<{ entries: Incident[] }>([
      'incidents',
      'list',
      '--all',
      '--status-page',
      'Internal Platform',
      '--status',
      'resolved',
    ]);
    expect(v2(resolved.entries).map((incident) => incident.id)).toEqual(
      touching.filter((incident) => incident.lastUpdateStatus === 'RESOLVED').map((incident) => incident.id),
    );
  });

  it('looks beyond the first page: --limit 1 finds the first match wherever it is', async () => {
    const all = await everyIncident();
    const minor = all.filter((incident) => incident.severity === 'MINOR');
    expect(all.indexOf(minor[0]!)).toBeGreaterThan(0);
    const first = await json<{ entries: Incident[]; nextId: string | null }>(['incidents', 'list', '--limit', '1', '--severity', 'minor']);
    expect(first.entries.map((incident) => incident.id)).toEqual([minor[0]!.id]);
  });

  it('an unknown service is exit 2 with the closest names first', async () => {
    const result = await runCli(['incidents', 'list', '--service', 'Payment API'], { env: test.server.env, inProcess: true });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--service "Payment API": no such service (did you mean "Payments API"?)');
    expect(result.stderr).not.toContain('nothing was sent');
  });

  it('no match: says so on stderr, stdout empty', async () => {
    const result = await runCli(['incidents', 'list', '--severity', 'critical', '--service', 'CI Runners'], {
      env: test.server.env,
      inProcess: true,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('No incidents match.');
  });
});

describe('incidents get: when it started', () => {
  it("shows the first update's time as started (created_at is a date only), piped and in Markdown", async () => {
    const [incident] = (await everyIncident()).filter((each) => each.incidentUpdates.length > 1);
    const first = [...incident!.incidentUpdates].sort(
      (a, b) => Date.parse(a.publicIncidentUpdateDate) - Date.parse(b.publicIncidentUpdateDate),
    )[0]!;
    const piped = await runCli(['incidents', 'get', incident!.id], { env: test.server.env, inProcess: true });
    expect(piped.stdout).toContain(`started\t${first.publicIncidentUpdateDate}\n`);
    const md = await runCli(['incidents', 'get', incident!.id, '-o', 'md'], { env: test.server.env, inProcess: true });
    expect(md.stdout).toContain(`- **started:** ${first.publicIncidentUpdateDate}\n`);
  });
});
