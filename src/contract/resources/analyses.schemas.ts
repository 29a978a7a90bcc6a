// Root cause analyses of error groups.
import { z } from 'zod';
import { DateOnly } from './shared.schemas.js';

export const Analysis = z.object({
  classification: z.string(),
  userImpact: z.string(),
  rootCause: z.string(),
  codeFix: z.string().nullable().optional(),
  evidence: z
    .array(
      z.object({
        description: z.string(),
        artifacts: z.array(z.object({ name: z.string(), type: z.string() })),
      }),
    )
    .nullable()
    .optional(),
  referenceLinks: z
    .array(z.object({ url: z.string(), title: z.string() }))
    .nullable()
    .optional(),
});

export const RootCauseAnalysis = z.object({
  id: z.string(),
  status: z.literal('COMPLETED'),
  checkType: z.string(),
  provider: z.string(),
  model: z.string(),
  durationMs: z.number(),
  checkId: z.string().nullable().optional(),
  errorGroupId: z.string().nullable().optional(),
  analysis: Analysis.optional(),
  created_at: DateOnly.optional(),
});

export const RootCauseAnalysisPending = z.object({
  id: z.string(),
  status: z.literal('PENDING'),
});

export const RequestAnalysisInput = z
  .strictObject({
    userContext: z
      .string()
      .max(256)
      .nullable()
      .optional()
      .meta({ description: 'what you already know that helps the analysis, up to 256 characters' }),
  })
  .nullable();

export type RootCauseAnalysis = z.infer<typeof RootCauseAnalysis>;
export type Analysis = z.infer<typeof Analysis>;
