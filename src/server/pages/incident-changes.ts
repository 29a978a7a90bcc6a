// The incident writes that change which pages show an incident, or remove it: an edit (its
// services may change), a delete, an update's delete. Their successful answers are published to
// the open pages (events.ts) like the other incident writes, to every page that showed the
// incident before the write as well as to those that show it after, so a page that lost it
// loads itself again too. With --data, after the write is durable (the durable handlers are inside).
import type { AccountStore } from '../store.js';
import type { Handler, HandlerRequest, HandlerResult, Handlers } from '../handlers/types.js';
import type { PageEvents } from './events.js';

type IncidentChange = 'updateIncident' | 'deleteIncident' | 'deleteIncidentUpdate';

function serviceIdsOf(store: AccountStore, incidentId: string): string[] {
  return store.getIncident(incidentId)?.services.map((service) => service.id) ?? [];
}

export function withIncidentChangeEvents(map: Handlers, events: PageEvents): Handlers {
  const publishing = <Id extends IncidentChange>(
    handler: Handler<Id>,
    incidentOf: (request: HandlerRequest<Id>) => string,
  ): Handler<Id> => {
    return (request: HandlerRequest<Id>) => {
      const { account } = request;
      const incidentId = incidentOf(request);
      const before = serviceIdsOf(account.store, incidentId);
      const result = handler(request);
      const after = (answered: HandlerResult<Id>): HandlerResult<Id> => {
        if (answered.status < 300) {
          const serviceIds = [...new Set([...before, ...serviceIdsOf(account.store, incidentId)])];
          events.publish(account.id, incidentId, serviceIds);
        }
        return answered;
      };
      return result instanceof Promise ? result.then(after) : after(result);
    };
  };
  return {
    ...map,
    updateIncident: publishing(map.updateIncident, (request) => request.params.incidentId),
    deleteIncident: publishing(map.deleteIncident, (request) => request.params.incidentId),
    deleteIncidentUpdate: publishing(map.deleteIncidentUpdate, (request) => request.params.incidentId),
  };
}
