// Root cause analyses are produced by a provider behind this one interface, so a hosted model
// can replace the bundled offline rules without touching routes or store.
import type { Analysis } from '../../contract/schemas.js';

export interface AnalysisInput {
  /** The message as last recorded: status codes and hosts are still in it. */
  rawErrorMessage: string | null;
  cleanedErrorMessage: string;
  /** `API` or `BROWSER`. */
  checkType: string;
  userContext: string | null;
}

export interface AnalysisProvider {
  /** Who produced the analysis, reported as `provider` (e.g. `statusctl-rules`). */
  readonly provider: string;
  /** Which model or rule set, reported as `model` (e.g. `rules-v1`). */
  readonly model: string;
  analyze(input: AnalysisInput): Promise<Analysis>;
}
