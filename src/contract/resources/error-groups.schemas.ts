// Error groups: the errors of check runs, grouped by message.
import { z } from 'zod';
import { requestCheck } from '../request-checks.js';
import { RootCauseAnalysis } from './analyses.schemas.js';
import { DateOnly, intQuery } from './shared.schemas.js';

export const ErrorGroup = z.object({
  id: z.string(),
  checkId: z.string(),
  errorHash: z.string(),
  rawErrorMessage: z.string().nullable(),
  cleanedErrorMessage: z.string(),
  firstSeen: DateOnly,
  lastSeen: DateOnly,
  archivedUntilNextEvent: z.boolean(),
  rootCauseAnalyses: z.array(RootCauseAnalysis).optional(),
});
/** Newest lastSeen first, archived ones included. */
export const ErrorGroupList = z.array(ErrorGroup);

export const ErrorGroupPatch = z
  .strictObject({
    archiveForEver: z
      .boolean()
      .optional()
      .meta({ description: 'true: archived for good, even when the error happens again; false: unarchive' }),
    archivedUntilNextEvent: z.boolean().optional().meta({ description: 'true: archived until the error happens again; false: unarchive' }),
  })
  .refine(requestCheck('someOf', ['archiveForEver', 'archivedUntilNextEvent']), {
    message: 'expected at least one of archivedUntilNextEvent, archiveForEver',
  });

export const ErrorGroupQuery = z.strictObject({
  limit: intQuery(1, 100).optional().meta({ description: 'page size, 1 to 100, default 10' }),
  page: intQuery(1, Number.MAX_SAFE_INTEGER).optional().meta({ description: 'page number, from 1 (the default); past the end: []' }),
});

export type ErrorGroup = z.infer<typeof ErrorGroup>;
