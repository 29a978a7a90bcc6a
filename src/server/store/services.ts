// An account's services, and which of them a status page card holds: those are the services
// the API lists (docs/api-rules.md#services).
import { z } from 'zod';
import type { Service } from '../../contract/schemas.js';
import { Id, Text } from '../fixtures/fields.js';
import { Collection, type Page } from './collection.js';
import { type FixtureContext, type FixtureNames, recordKind } from './kind.js';

export interface ServiceAdded {
  kind: 'serviceAdded';
  service: Service;
}

export class ServiceRecords {
  // In the order they were added: a service's place is its sequence number (list cursors).
  private readonly services = new Collection<Service>();
  /** Ids of the services some status page card holds: the services the API lists. */
  private readonly onCards = new Set<string>();

  get(id: string): Service | undefined {
    return this.services.get(id);
  }

  get count(): number {
    return this.services.count;
  }

  /** Oldest first. */
  get inOrder(): readonly (Service | undefined)[] {
    return this.services.all;
  }

  /** The services a status page card holds, each once, newest first. */
  list(limit: number, beforeSeq?: number): Page<Service> {
    return this.services.list(limit, beforeSeq, (service) => this.onCards.has(service.id));
  }

  /** A service the API lists (one a card holds), or undefined. */
  getListed(id: string): Service | undefined {
    return this.onCards.has(id) ? this.services.get(id) : undefined;
  }

  require(id: string): Service {
    const service = this.services.get(id);
    if (!service) throw new Error(`unknown service ${id}`);
    return service;
  }

  added(service: Service): void {
    this.services.put(service);
  }

  /** The services the page's cards hold are listed from now on. */
  holdOnCards(page: { cards: readonly { services: readonly { id: string }[] }[] }): void {
    for (const card of page.cards) for (const service of card.services) this.onCards.add(service.id);
  }

  clear(): void {
    this.services.clear();
    this.onCards.clear();
  }
}

export const ServiceFixture = z.strictObject({ id: Id, name: Text });
export type ServiceFixture = z.infer<typeof ServiceFixture>;

/** A service of the fixtures (top-level, or on a page's card): the first declaration of an id is the one stored. */
export function addFixtureService(ctx: FixtureContext, services: ServiceRecords, service: ServiceFixture, created: string): void {
  const id = ctx.id('service', service.id);
  if (services.get(id)) return;
  const stored: Service = { name: service.name, id, accountId: ctx.accountId, created_at: created, updated_at: created };
  ctx.commit<ServiceAdded>({ kind: 'serviceAdded', service: stored });
}

/** A service id may be declared many times (on cards), always with the same name. */
export function declareFixtureService(names: FixtureNames, service: ServiceFixture, path: (string | number)[]) {
  return names.declare('service', service.id, service.name, path);
}

export const services = recordKind({
  name: 'services',
  make: () => new ServiceRecords(),
  changes: {
    serviceAdded: (services, change: ServiceAdded) => services.added(change.service),
  },
  snapshot: {
    *write(services) {
      for (const service of services.inOrder) if (service) yield { kind: 'service' as const, service };
    },
    restore: {
      service: (services, entry: { kind: 'service'; service: Service }) => services.added(entry.service),
    },
  },
  fixtures: {
    /** Services that are on no card but can be named by incidents. */
    field: 'services',
    item: ServiceFixture,
    check(items, names) {
      for (const [i, service] of items.entries()) {
        const problem = declareFixtureService(names, service, ['services', i]);
        if (problem) return problem;
      }
      return undefined;
    },
    load(items, ctx, parts: { services: ServiceRecords }) {
      for (const service of items) addFixtureService(ctx, parts.services, service, ctx.createdLongAgo);
    },
  },
});
