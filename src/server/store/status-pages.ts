// An account's status pages, stored with their cards' services embedded; a page is read with
// its latest incidents, looked up at each read.
import type { Incident, StatusPage } from '../../contract/schemas.js';
import type { NewStatusPage, StoredStatusPage } from '../changes.js';
import type { IncidentRecords } from './incidents.js';
import { type Page, pageNewestFirst } from './paging.js';
import type { ServiceRecords } from './services.js';

export const STATUS_PAGE_INCIDENT_LIMIT = 20;

export class StatusPageRecords {
  // Only ever appended: a page's index is its sequence number (list cursors).
  private readonly pages: StoredStatusPage[] = [];
  private readonly seqById = new Map<string, number>();

  constructor(
    private readonly services: ServiceRecords,
    private readonly incidents: IncidentRecords,
  ) {}

  get count(): number {
    return this.pages.length;
  }

  /** As stored, oldest first. */
  get stored(): readonly StoredStatusPage[] {
    return this.pages;
  }

  has(id: string): boolean {
    return this.seqById.has(id);
  }

  list(limit: number, beforeSeq?: number): Page<StatusPage> {
    const page = pageNewestFirst(this.pages, limit, beforeSeq);
    return { entries: page.entries.map((stored) => this.withIncidents(stored)), lastSeq: page.lastSeq };
  }

  get(id: string): StatusPage | undefined {
    const seq = this.seqById.get(id);
    return seq === undefined ? undefined : this.withIncidents(this.pages[seq]!);
  }

  /** Cards name services by id; the stored services are embedded. */
  added(page: NewStatusPage): void {
    const { cards, ...rest } = page;
    this.restore({
      ...rest,
      cards: cards.map(({ serviceIds, ...card }) => ({ ...card, services: serviceIds.map((id) => this.services.require(id)) })),
    });
  }

  /** A page as stored (a snapshot's, or a new one with its services embedded). */
  restore(page: StoredStatusPage): void {
    this.seqById.set(page.id, this.pages.length);
    this.pages.push(page);
    this.services.holdOnCards(page);
  }

  clear(): void {
    this.pages.length = 0;
    this.seqById.clear();
  }

  /** The latest incidents touching one of the page's services: a k-way merge of the per-service indexes. */
  private withIncidents(page: StoredStatusPage): StatusPage {
    const lists: (readonly number[])[] = [];
    const seen = new Set<string>();
    for (const card of page.cards) {
      for (const service of card.services) {
        if (seen.has(service.id)) continue;
        seen.add(service.id);
        const seqs = this.incidents.seqsOfService(service.id);
        if (seqs?.length) lists.push(seqs);
      }
    }
    const cursors = lists.map((seqs) => seqs.length - 1);
    const incidents: Incident[] = [];
    let previous = Infinity;
    while (incidents.length < STATUS_PAGE_INCIDENT_LIMIT) {
      let best = -1;
      for (let i = 0; i < lists.length; i++) {
        const seq = lists[i]![cursors[i]!];
        if (seq !== undefined && (best === -1 || seq > lists[best]![cursors[best]!]!)) best = i;
      }
      if (best === -1) break;
      const seq = lists[best]![cursors[best]!]!;
      cursors[best]!--;
      // An incident on two of the page's services comes out of two lists, one after the other.
      if (seq === previous) continue;
      previous = seq;
      incidents.push(this.incidents.atSeq(seq)!);
    }
    return { ...page, incidents };
  }
}
