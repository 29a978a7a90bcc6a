// An account's services, and which of them a status page card holds: those are the services
// the API lists (docs/api-rules.md#services).
import type { Service } from '../../contract/schemas.js';
import type { StoredStatusPage } from '../changes.js';
import { type Page, pageNewestFirstWhere } from './paging.js';

export class ServiceRecords {
  private readonly byId = new Map<string, Service>();
  // Services in the order they were added: a service's index is its sequence number (list cursors).
  private readonly order: Service[] = [];
  /** Ids of the services some status page card holds: the services the API lists. */
  private readonly onCards = new Set<string>();

  get(id: string): Service | undefined {
    return this.byId.get(id);
  }

  get count(): number {
    return this.order.length;
  }

  /** Oldest first. */
  get inOrder(): readonly Service[] {
    return this.order;
  }

  /** The services a status page card holds, each once, newest first. */
  list(limit: number, beforeSeq?: number): Page<Service> {
    return pageNewestFirstWhere(this.order, (service) => this.onCards.has(service.id), limit, beforeSeq);
  }

  /** A service the API lists (one a card holds), or undefined. */
  getListed(id: string): Service | undefined {
    return this.onCards.has(id) ? this.byId.get(id) : undefined;
  }

  require(id: string): Service {
    const service = this.byId.get(id);
    if (!service) throw new Error(`unknown service ${id}`);
    return service;
  }

  added(service: Service): void {
    if (!this.byId.has(service.id)) this.order.push(service);
    this.byId.set(service.id, service);
  }

  /** The services the page's cards hold are listed from now on. */
  holdOnCards(page: StoredStatusPage): void {
    for (const card of page.cards) for (const service of card.services) this.onCards.add(service.id);
  }

  clear(): void {
    this.byId.clear();
    this.order.length = 0;
    this.onCards.clear();
  }
}
