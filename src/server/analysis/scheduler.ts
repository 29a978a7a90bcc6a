// Root cause analyses, generated in the background: each once its delay has passed on the
// server's clock, then stored and, with a data file, made durable.
import { performance } from 'node:perf_hooks';
import type { Analysis } from '../../contract/schemas.js';
import { dateOnly } from '../dates.js';
import { DurabilityError, type Durability } from '../persistence/durability.js';
import type { AccountStore } from '../store.js';
import type { AnalysisProvider } from './provider.js';

export interface AnalysisScheduling {
  provider: AnalysisProvider;
  /** How long an analysis stays PENDING, in ms. */
  rcaDelayMs: number;
  /** Waits on the server's clock; an aborted signal ends the wait (it rejects). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Aborted by the server's close(): an analysis still waiting is then not generated. */
  stopped: AbortSignal;
  now: () => number;
  log: (line: string) => void;
  data: Durability | undefined;
}

/** The handlers' scheduleAnalysis (AppContext): generates the analysis once its delay has passed. */
export function analysisScheduler({
  provider,
  rcaDelayMs,
  sleep,
  stopped,
  now,
  log,
  data,
}: AnalysisScheduling): (store: AccountStore, analysisId: string) => void {
  function scheduleAnalysis(store: AccountStore, analysisId: string): void {
    sleep(rcaDelayMs, stopped).then(
      () => {
        if (stopped.aborted) return;
        // With --data, a result the data file cannot take is rolled back (the analysis is PENDING
        // again): logged, and generated again later, once the disk may have recovered.
        generateAnalysis(store, analysisId).catch((error: unknown) => {
          log(`error: analysis ${analysisId} not stored: ${error instanceof Error ? error.message : String(error)}`);
          if (error instanceof DurabilityError) scheduleAnalysis(store, analysisId);
        });
      },
      () => {},
    );
  }

  async function generateAnalysis(store: AccountStore, analysisId: string): Promise<void> {
    const request = store.getAnalysisRequest(analysisId)!;
    // A check run's group, or a test session's (which has no check).
    const group = store.getErrorGroup(request.errorGroupId) ?? {
      ...store.records.testSessionErrorGroups.get(request.errorGroupId)!,
      checkId: null,
    };
    const checkType = store.getErrorGroupCheckType(group.id) ?? 'API';
    const started = performance.now();
    let analysis: Analysis;
    try {
      analysis = await provider.analyze({
        rawErrorMessage: group.rawErrorMessage,
        cleanedErrorMessage: group.cleanedErrorMessage,
        checkType,
        userContext: request.userContext,
      });
    } catch (error) {
      // No FAILED status exists in the contract: report the failure as the analysis, so a
      // client polling for it stops waiting.
      log(`error: analysis ${analysisId} failed: ${error instanceof Error ? error.message : String(error)}`);
      analysis = {
        classification: 'ANALYSIS FAILED',
        userImpact: 'Unknown.',
        rootCause: `The analysis provider ${provider.provider} failed: ${error instanceof Error ? error.message : String(error)}`,
        codeFix: null,
        evidence: [],
        referenceLinks: [],
      };
    }
    store.completeAnalysis({
      id: analysisId,
      status: 'COMPLETED',
      checkType,
      provider: provider.provider,
      model: provider.model,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
      checkId: group.checkId,
      errorGroupId: group.id,
      analysis,
      created_at: dateOnly(now()),
    });
    // Stored once it is durable; a failed write rejects here (and was rolled back).
    await data?.flush();
  }

  return scheduleAnalysis;
}
