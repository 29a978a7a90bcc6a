// Runs the completion scripts the built binary prints in the real shells and returns what each
// offers: bash by calling its completion function on the words of a line, zsh through its
// completion system in a pseudo-terminal (zsh-complete.zsh), fish with `complete -C`. Shared by
// the tests of commands and options (completion.test.ts) and of the account's values
// (completion-account.test.ts).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

export type ShellName = 'bash' | 'zsh' | 'fish';

const hasShell = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;
/** Which shells this machine has; zsh and fish come from scripts/system-deps/shells.sh. */
export const SHELLS: Record<ShellName, boolean> = { bash: hasShell('bash'), zsh: hasShell('zsh'), fish: hasShell('fish') };

/**
 * What `shell` offers at the end of each line (the last word being typed; '' after a space),
 * with `script` (the shell's completion script) loaded; `dir` holds the files of the run, `env`
 * is the shells' environment (and so that of the `statusctl` they call).
 */
export function completeIn(
  shell: ShellName,
  script: string,
  dir: string,
  lines: string[],
  env: NodeJS.ProcessEnv = process.env,
): string[][] {
  switch (shell) {
    case 'bash': {
      const file = join(dir, 'statusctl.bash');
      writeFileSync(file, script);
      const run = spawnSync(
        'bash',
        [
          '--norc',
          '--noprofile',
          '-c',
          `source '${file}'
          for line in "$@"; do
            read -ra COMP_WORDS <<<"$line"
            [[ $line == *' ' ]] && COMP_WORDS+=('')
            COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)) COMP_LINE=$line
            COMPREPLY=()
            _statusctl
            printf '%s\\n' "\${COMPREPLY[@]}" --
          done`,
          'bash',
          ...lines,
        ],
        { encoding: 'utf8', timeout: 60_000, env },
      );
      expect(run.status, run.stderr).toBe(0);
      // Values are inserted quoted (`Public\ API`).
      return split(run.stdout).map((candidates) => candidates.map((candidate) => candidate.replace(/\\(.)/g, '$1')));
    }
    case 'zsh': {
      const file = join(dir, '_statusctl');
      const out = join(dir, 'zsh-matches');
      writeFileSync(file, script);
      const run = spawnSync('zsh', ['-f', join(import.meta.dirname, 'zsh-complete.zsh'), file, out, ...lines], {
        encoding: 'utf8',
        timeout: 60_000,
        env,
      });
      expect(run.status, `${run.stderr}${run.error ?? ''}`).toBe(0);
      // Matches are recorded as zsh inserts them, quoted (`second\ notice.md`).
      return split(readFileSync(out, 'utf8')).map((candidates) => candidates.map((candidate) => candidate.replace(/\\(.)/g, '$1')));
    }
    case 'fish': {
      const file = join(dir, 'statusctl.fish');
      writeFileSync(file, script);
      const run = spawnSync(
        'fish',
        ['--no-config', '-c', `source '${file}'; for line in $argv; complete -C $line; printf '%s\\n' --; end`, ...lines],
        { encoding: 'utf8', timeout: 60_000, env },
      );
      expect(run.status, run.stderr).toBe(0);
      // Fish prints `candidate<TAB>description`.
      return split(run.stdout).map((candidates) => candidates.map((candidate) => candidate.split('\t')[0]!));
    }
  }
}

/** Output of candidates, one per line, each line's list ended by `--`. */
function split(output: string): string[][] {
  const lists: string[][] = [[]];
  for (const line of output.split('\n')) {
    if (line === '--') lists.push([]);
    else if (line !== '') lists.at(-1)!.push(line);
  }
  return lists.slice(0, -1);
}

export const sorted = (values: string[]) => [...values].sort();
