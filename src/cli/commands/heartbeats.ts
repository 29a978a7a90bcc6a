// `heartbeats`: heartbeat checks. Wiring only: each verb (its options, run function and renderer)
// is a module in heartbeats/.
import { declareVerbs, examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';

/** Each verb's module, in the order of the noun's help. */
const VERBS = {
  availability: () => import('./heartbeats/availability.js'),
  events: () => import('./heartbeats/events.js'),
};

export async function register(program: Program, verbs?: readonly string[]): Promise<void> {
  const heartbeats = program.command('heartbeats').description('Heartbeat checks');
  examples(heartbeats, [
    'statusctl heartbeats availability 676ca3e3-a836-5d4b-adc0-e52fb2a005d6 --since 7d',
    'statusctl heartbeats availability 676ca3e3-a836-5d4b-adc0-e52fb2a005d6 --fail-under 99.5%',
    'statusctl heartbeats events 676ca3e3-a836-5d4b-adc0-e52fb2a005d6 --since 7d',
  ]);
  await declareVerbs(heartbeats, VERBS, verbs);
}
