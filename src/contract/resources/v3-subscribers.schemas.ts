// The subscribers of a V3 status page (docs/api-rules.md#v3-subscribers): as a v2 page's
// subscriptions, each limited to some of the page's components or to none (null: every one).
import { z } from 'zod';
import { Guid } from './schema-parts.js';
import { DateOnly, intQuery, paginated, SubscriptionStatus, SubscriptionType } from './shared.schemas.js';
import { AutoVerify, EmailAddress, subscribersToAdd } from './subscriptions.schemas.js';

/** Components a subscriber may name at most, as the hosted document says. */
export const MAX_SUBSCRIBED_COMPONENTS = 200;

const SubscribedComponents = z.array(Guid).max(MAX_SUBSCRIBED_COMPONENTS).nullable();

export const V3Subscriber = z.object({
  id: z.string(),
  type: SubscriptionType,
  address: z.string(),
  status: SubscriptionStatus,
  subscribedComponents: z.array(z.string()).nullable(),
  created_at: DateOnly,
  updated_at: DateOnly.nullable(),
});

export const V3SubscriberList = paginated(V3Subscriber);

export const V3SubscriberQuery = z.strictObject({
  limit: intQuery(1, 100).optional().meta({ description: 'page size, 1 to 100, default 20' }),
  nextId: z.string().min(1).optional().meta({ description: "cursor from the previous page's nextId" }),
  status: SubscriptionStatus.optional().meta({ description: 'only subscribers in this status: PENDING or VERIFIED' }),
});

export const V3BulkSubscribersInput = z.strictObject({
  subscriptions: subscribersToAdd(
    z.strictObject({
      type: SubscriptionType.meta({ description: 'EMAIL, the one type there is' }),
      config: z
        .strictObject({
          address: EmailAddress.meta({ description: 'the email address to subscribe' }),
          subscribedComponents: SubscribedComponents.optional().meta({
            description: `ids of the page's components to be told about (a GROUP covers its children), at most ${MAX_SUBSCRIBED_COMPONENTS}; null or left out: every component`,
          }),
        })
        .meta({ description: 'the address, and the components it is told about' }),
    }),
  ),
  autoVerify: AutoVerify,
});

export const V3BulkSubscribersResult = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  status: SubscriptionStatus,
});

export type V3Subscriber = z.infer<typeof V3Subscriber>;
