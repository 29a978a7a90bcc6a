// What a maintenance window is shown on and puts under maintenance, from what a person names:
// status pages of either kind (--status-page: id, url, custom domain or name), services of v2
// pages (--service: id, name in any case or the unique start of one) and components of V3 pages
// (--component, found as `incidents create` finds them). The API keeps both in one list,
// `serviceIds`; the pages are those named, else those that show what was named.
import { CliError, ExitCode, usageError } from '../errors/exit-codes.js';
import type { Context } from '../runtime/context.js';
import { componentIn, everyPageComponents, type PageComponents } from './page-kinds.js';
import { type CatalogPage, findPage, loadCatalog, resolveServices } from './service-catalog.js';

export interface TargetOptions {
  statusPage?: string[];
  service?: string[];
  component?: string[];
  allServices?: boolean;
}

export interface Targets {
  statusPageIds: string[];
  serviceIds: string[];
  /** Names for people (a summary, a dry run's note): each page and what it names. */
  described: string[];
}

/** Whether the options name pages, services or components at all. */
export function namesTargets(options: TargetOptions): boolean {
  return Boolean(options.statusPage?.length || options.service?.length || options.component?.length || options.allServices);
}

/**
 * The pages and services (or components) the options name. `current` are the pages a window is
 * already on, where an edit's --service is looked for when it names no --status-page.
 */
export async function resolveTargets(ctx: Context, options: TargetOptions, current: readonly string[] = []): Promise<Targets> {
  if (options.allServices && (options.service?.length || options.component?.length)) {
    throw usageError(
      '--all-services: expected either it or --service/--component, not both',
      'drop --all-services to name the services, or drop --service/--component for all of the pages',
    );
  }
  const client = await ctx.client();
  const [v2, v3] = await Promise.all([loadCatalog(ctx), everyPageComponents(client)]);
  const v3Pages = v3.map(
    (each): CatalogPage => ({
      id: each.page.id,
      name: each.page.name,
      url: each.page.url,
      customDomain: each.page.customDomain,
      services: [],
      cards: [],
    }),
  );
  const everyPage = [...v2, ...v3Pages];
  const named = (options.statusPage ?? []).map((given) => findPage(everyPage, given));
  const chosen = named.length > 0 ? named : everyPage.filter((page) => current.includes(page.id));
  const v2Scope = chosen.length > 0 ? v2.filter((page) => chosen.some((each) => each.id === page.id)) : v2;
  const v3Scope = chosen.length > 0 ? v3.filter((each) => chosen.some((page) => page.id === each.page.id)) : v3;
  if (options.allServices && chosen.length === 0) {
    throw usageError('--all-services: expected the status pages whose services go under maintenance', 'name them with --status-page PAGE');
  }

  // On pages of components only, --service names components, as `incidents create` takes it.
  const asComponents = named.length > 0 && v2Scope.length === 0 && v3Scope.length > 0;
  const serviceNames = asComponents ? [] : (options.service ?? []);
  const componentNames = [...(options.component ?? []), ...(asComponents ? (options.service ?? []) : [])];
  const services =
    serviceNames.length > 0
      ? resolveServices(
          v2Scope,
          serviceNames.map((name) => byPrefix(v2Scope, name)),
        )
      : [];
  const components = componentNames.map((name) => componentOption(v3Scope, name));

  const pages =
    chosen.length > 0
      ? chosen
      : everyPage.filter(
          (page) =>
            v2.some((each) => each.id === page.id && each.services.some((service) => services.some((one) => one.id === service.id))) ||
            components.some((found) => found.page.id === page.id),
        );
  const described = pages.map((page) => {
    const on = [
      ...services.filter((service) => v2.find((each) => each.id === page.id)?.services.some((one) => one.id === service.id)),
      ...components.filter((found) => found.page.id === page.id).map((found) => found.component),
    ].map((each) => each.name);
    return `${page.name}: ${options.allServices ? 'all services' : on.join(', ') || 'no service'}`;
  });
  return {
    statusPageIds: pages.map((page) => page.id),
    serviceIds: [...services.map((service) => service.id), ...components.map((found) => found.component.id)],
    described,
  };
}

/** A name that is the start of exactly one service's name (any case) stands for its id; else as given. */
function byPrefix(scope: readonly CatalogPage[], given: string): string {
  const wanted = given.trim().toLowerCase();
  const services = new Map(scope.flatMap((page) => page.services.map((service) => [service.id, service] as const)));
  if ([...services.values()].some((service) => service.id === given.trim() || service.name.toLowerCase() === wanted)) return given;
  const starts = [...services.values()].filter((service) => wanted !== '' && service.name.toLowerCase().startsWith(wanted));
  return starts.length === 1 ? starts[0]!.id : given;
}

/** A component an option names: one that is not there is a bad value of the option (exit 2), not a missing record. */
function componentOption(scope: readonly PageComponents[], given: string) {
  try {
    return componentIn(scope, given, '--component');
  } catch (error) {
    if (error instanceof CliError && error.exitCode === ExitCode.notFound) {
      throw new CliError(ExitCode.usage, error.message, error.detail, error.hint);
    }
    throw error;
  }
}
