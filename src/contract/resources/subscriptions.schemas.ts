// A status page's subscribers, and the bulk request that adds them.
import { z } from 'zod';
import { DateOnly, SubscriptionStatus, SubscriptionType } from './shared.schemas.js';
import { MAX_SUBSCRIPTIONS_PER_REQUEST } from './subscriptions.limit.js';

export const Subscription = z.object({
  id: z.string(),
  type: SubscriptionType,
  address: z.string(),
  status: SubscriptionStatus,
  created_at: DateOnly,
  updated_at: DateOnly,
});
export const SubscriptionList = z.array(Subscription);

export const BulkSubscriptionsResult = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  status: SubscriptionStatus,
});

// Still exported with the schemas, as the package always has.
export { MAX_SUBSCRIPTIONS_PER_REQUEST };
/** A subscriber's address; `subscriptions add` checks each one with it before anything is sent. */
export const EmailAddress = z.email('expected an email address');

/** The subscribers of a bulk request (v2 and V3 alike): 1 to 100 of them. */
export const subscribersToAdd = <Item extends z.ZodType>(item: Item) =>
  z
    .array(item)
    .min(1)
    .max(MAX_SUBSCRIPTIONS_PER_REQUEST)
    .meta({ description: `the subscribers to add, 1 to ${MAX_SUBSCRIPTIONS_PER_REQUEST}; an address already subscribed is skipped` });

/** Whether a bulk request's subscribers skip the confirmation mail. */
export const AutoVerify = z
  .boolean()
  .optional()
  .meta({ description: 'true: subscribed as VERIFIED at once, with no confirmation mail; default false (PENDING)' });

export const BulkSubscriptionsInput = z.strictObject({
  subscriptions: subscribersToAdd(
    z.strictObject({
      type: SubscriptionType.meta({ description: 'EMAIL, the one type there is' }),
      config: EmailAddress.meta({ description: 'the email address to subscribe' }),
    }),
  ),
  autoVerify: AutoVerify,
});

export type Subscription = z.infer<typeof Subscription>;
