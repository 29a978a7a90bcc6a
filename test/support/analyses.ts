// The reference server's own analysis provider (the offline rules), watched by the test: give
// `provider` to the server (ServerOptions.analysisProvider) and a test waits for the analysis it
// asked for with `next()` instead of asking the server again and again until it is done. Held
// (`{ held: true }`), analyses stay PENDING until the test calls `release()`, however slow the
// machine.
import type { Analysis } from '../../src/contract/schemas.js';
import { rulesProvider } from '../../src/server/analysis/rules-provider.js';
import type { AnalysisProvider } from '../../src/server/index.js';

export interface WatchedProvider {
  provider: AnalysisProvider;
  /** Resolves with the next analysis given, once the server has stored it. */
  next(): Promise<Analysis>;
  /** Lets held analyses (and every later one) be given. */
  release(): void;
}

export function watchedProvider({ held = false } = {}): WatchedProvider {
  let release!: () => void;
  const released = held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const given: Analysis[] = [];
  const waiting: ((analysis: Analysis) => void)[] = [];
  return {
    provider: {
      provider: rulesProvider.provider,
      model: rulesProvider.model,
      async analyze(input) {
        await released;
        const analysis = await rulesProvider.analyze(input);
        // Told on the next turn of the event loop: the server stores an analysis as soon as the
        // provider gives it, with no turn in between, so by then it is stored.
        setImmediate(() => {
          const waiter = waiting.shift();
          if (waiter) waiter(analysis);
          else given.push(analysis);
        });
        return analysis;
      },
    },
    next() {
      const analysis = given.shift();
      return analysis ? Promise.resolve(analysis) : new Promise((resolve) => waiting.push(resolve));
    },
    release: () => release?.(),
  };
}
