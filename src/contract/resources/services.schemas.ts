// Services, as the status pages' cards hold them.
import { z } from 'zod';
import { DateOnly, PageQuery, paginated } from './shared.schemas.js';

export const Service = z.object({
  name: z.string(),
  id: z.string(),
  accountId: z.string(),
  created_at: DateOnly,
  updated_at: DateOnly.nullable().optional(),
});

export const ServiceList = paginated(Service);

export const ServiceQuery = PageQuery.extend({
  paginated: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .meta({ description: 'false: every service in one answer (nextId null); default true' }),
});

export type Service = z.infer<typeof Service>;
