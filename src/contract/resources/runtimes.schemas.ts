// Runtimes checks can run on.
import { z } from 'zod';
import { RuntimeStage } from './shared.schemas.js';

export const Runtime = z.object({
  name: z.string().regex(/^\d{4}\.\d{2}$/),
  multiStepSupport: z.boolean(),
  nodeJsVersion: z.string().regex(/^v\d+\.\d+\.\d+$/),
  stage: RuntimeStage,
  runtimeEndOfLife: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/),
  description: z.string().min(1),
  dependencies: z.record(z.string(), z.string().min(1)),
});
export const RuntimeList = z.array(Runtime);

export type Runtime = z.infer<typeof Runtime>;
