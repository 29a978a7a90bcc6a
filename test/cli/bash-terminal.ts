// bash's own completion, in an interactive bash in a pseudo-terminal: readline splits the typed
// line into COMP_WORDS itself (at the characters of COMP_WORDBREAKS, `:` and `=` among them),
// which completion-shells.ts, setting COMP_WORDS from whitespace, does not show. Each line is
// typed and followed by Tab; a wrapper of the completion function records the words bash made
// and what the function offered, in a file the test waits on.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';

export interface BashTab {
  /** COMP_WORDS as bash split the line. */
  words: string[];
  /** COMPREPLY, as the completion function left it. */
  offered: string[];
}

/** What a Tab at the end of each line offers in bash, `script` (statusctl's bash script) loaded. */
export async function tabInBash(script: string, dir: string, lines: string[], env: NodeJS.ProcessEnv): Promise<BashTab[]> {
  const pty = await import('@lydell/node-pty');
  const scriptFile = join(dir, 'statusctl-terminal.bash');
  const out = join(dir, `bash-tabs-${process.pid}-${Date.now()}`);
  writeFileSync(scriptFile, script);
  writeFileSync(out, '');
  const setup = join(dir, 'bash-terminal-setup.bash');
  writeFileSync(
    setup,
    [
      `source '${scriptFile}'`,
      '__record() {',
      '  _statusctl "$@"',
      `  { printf '%s\\n' "\${COMP_WORDS[@]}" ==; printf '%s\\n' "\${COMPREPLY[@]}" --; } >> '${out}'`,
      '}',
      'complete -F __record statusctl',
      "bind 'set bell-style none' 2>/dev/null",
    ].join('\n'),
  );
  const shell = pty.spawn('bash', ['--norc', '--noprofile', '-i'], {
    name: 'dumb',
    cols: 400,
    rows: 40,
    cwd: dir,
    env: { ...env, TERM: 'dumb', PS1: '$ ' } as Record<string, string>,
  });
  const records = () => readFileSync(out, 'utf8').split('\n--\n').slice(0, -1);
  try {
    shell.write(`source '${setup}'\r`);
    for (const [index, line] of lines.entries()) {
      shell.write(`${line}\t`);
      await vi.waitFor(
        () => {
          if (records().length <= index) throw new Error(`bash has not completed: ${line}`);
        },
        { timeout: 30_000, interval: 20 },
      );
      // Ctrl-U: the line is dropped, never run.
      shell.write('\x15');
    }
  } finally {
    shell.kill();
  }
  return records().map((record) => {
    const [words, offered] = `${record}\n`.split('==\n') as [string, string];
    return { words: words.split('\n').slice(0, -1), offered: offered.split('\n').filter(Boolean) };
  });
}
