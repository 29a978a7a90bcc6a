// A V3 status page's automation rules (docs/api-rules.md#v3-automation-rules): which checks'
// failures open an incident on the page (by their tags), the components it impacts and how,
// and the first and last updates it posts.
import { z } from 'zod';
import { Guid, NonEmpty } from './schema-parts.js';
import { DateOnly, paginated } from './shared.schemas.js';

/** What a rule's incident makes of a component. */
export const V3TargetImpact = z.enum(['UNDER_MAINTENANCE', 'DEGRADED_PERFORMANCE', 'PARTIAL_OUTAGE', 'MAJOR_OUTAGE']);

export const DEFAULT_COOL_DOWN_MINUTES = 5;

export const V3AutomationRule = z.object({
  name: z.string().max(255),
  enabled: z.boolean(),
  firstUpdate: z.string(),
  lastUpdate: z.string(),
  notifySubscribers: z.boolean(),
  coolDownWindowMinutes: z.number().int().min(0).max(1440),
  tags: z.array(z.string()).min(1),
  id: z.string(),
  statusPageId: z.string(),
  incidentId: z.string().nullable(),
  components: z.array(z.object({ componentId: z.string(), targetImpact: V3TargetImpact, id: z.string() })),
  created_at: DateOnly,
  updated_at: DateOnly.nullable(),
});

export const V3AutomationRuleList = paginated(V3AutomationRule);

/** A create, or a PUT (which replaces the rule: a field left out takes its default, the component list is replaced whole). */
export const V3AutomationRuleInput = z.strictObject({
  name: NonEmpty.max(255).meta({ description: "the rule's name, and its incidents'" }),
  enabled: z.boolean().optional().meta({ description: 'false: the rule opens no incident; default true' }),
  firstUpdate: NonEmpty.meta({ description: 'the text of the update that opens the incident' }),
  lastUpdate: NonEmpty.meta({ description: 'the text of the RESOLVED update posted once every matching check passes again' }),
  notifySubscribers: z.boolean().optional().meta({ description: "whether the incident's updates notify subscribers; default true" }),
  coolDownWindowMinutes: z
    .number()
    .int()
    .min(0)
    .max(1440)
    .optional()
    .meta({
      description: `minutes after an incident it opened before the rule may open the next, 0 to 1440; default ${DEFAULT_COOL_DOWN_MINUTES}`,
    }),
  tags: z.array(NonEmpty).min(1).meta({ description: 'a failing check carrying any of these tags opens the incident; at least one' }),
  components: z
    .array(
      z.strictObject({
        componentId: Guid.meta({ description: "a component of the rule's page" }),
        targetImpact: V3TargetImpact.meta({ description: 'UNDER_MAINTENANCE, DEGRADED_PERFORMANCE, PARTIAL_OUTAGE or MAJOR_OUTAGE' }),
      }),
    )
    .optional()
    .meta({ description: "the page's components the incident impacts, each at most once; default none" }),
});

export type V3AutomationRule = z.infer<typeof V3AutomationRule>;
export type V3TargetImpact = z.infer<typeof V3TargetImpact>;
