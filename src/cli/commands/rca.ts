import type { Command } from 'commander';

// PLACEHOLDER: the command module is being written; it registers its noun and verbs here.
export function register(_program: Command): void {}
