// `heartbeats`: heartbeat checks. Wiring only: each verb (its options, run function and renderer)
// is a module in heartbeats/.
import { examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';
import * as availability from './heartbeats/availability.js';
import * as events from './heartbeats/events.js';

export function register(program: Program): void {
  const heartbeats = program.command('heartbeats').description('Heartbeat checks');
  examples(heartbeats, [
    `statusctl heartbeats availability ${availability.CHECK} --since 7d`,
    `statusctl heartbeats availability ${availability.CHECK} --fail-under 99.5%`,
    `statusctl heartbeats events ${availability.CHECK} --since 7d`,
  ]);
  availability.declare(heartbeats);
  events.declare(heartbeats);
}
