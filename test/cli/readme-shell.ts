// README lines run as a reader would run them: in bash (pipefail), with `statusctl` on the PATH
// being the built binary, against the server a test names. For the tests that run the README's
// command blocks and pipelines as written. statusctlArgs tells a line that is one statusctl
// command and nothing else, which a test may run in process instead (the same program, without a
// shell and a Node start).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, cleanEnv, ROOT, tempConfigDir } from './helpers.js';

export interface ShellResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The ```sh block between `<!-- name:start -->` and `<!-- name:end -->` of `page` (the README or a docs page), as its lines. */
export function readmeLines(name: string, page = 'README.md'): string[] {
  const match = new RegExp(`<!-- ${name}:start -->\\n\`\`\`sh\\n([\\s\\S]*?)\\n\`\`\`\\n<!-- ${name}:end -->`).exec(readme(page));
  if (!match) throw new Error(`${page} has no block ${name}`);
  return match[1]!.split('\n');
}

/** Every ```sh block of `page` (the README or a docs page), each as its lines. */
export function readmeShellBlocks(page = 'README.md'): string[][] {
  return [...readme(page).matchAll(/```sh\n([\s\S]*?)\n```/g)].map((match) => match[1]!.split('\n'));
}

function readme(page: string): string {
  return readFileSync(join(ROOT, page), 'utf8');
}

let binDir: string | undefined;

/** A directory holding `statusctl`, a script that runs the built binary; made again after a file's clean-up removed it. */
function statusctlOnPath(): string {
  if (binDir && existsSync(binDir)) return binDir;
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'statusctl'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`, {
    mode: 0o755,
  });
  binDir = dir;
  return dir;
}

/** The environment of a shell that runs README lines: `env` (the server's), with `statusctl` on the PATH. */
export function shellEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return cleanEnv({ ...env, PATH: `${statusctlOnPath()}:${process.env.PATH}` });
}

/**
 * Runs `script` in bash with pipefail (and -e with `exitOnError`), in a fresh directory, with the
 * server's environment (`env`) and `statusctl` on the PATH.
 */
export function runShell(script: string, env: Record<string, string>, { exitOnError = false } = {}): Promise<ShellResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [...(exitOnError ? ['-e'] : []), '-o', 'pipefail', '-c', script], {
      cwd: tempConfigDir(),
      env: shellEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * One word as bash reads it when nothing in it is expanded: plain characters, 'single-quoted'
 * text and "double-quoted" text without `$`, backquotes or backslashes, run together.
 */
const WORD = /(?:[\w@%+=:,./-]+|'[^']*'|"[^"$`\\]*")+/y;

/**
 * The arguments of `line` when it is `statusctl` followed by words only (and maybe a comment),
 * as bash would pass them; undefined for anything a shell must run: a pipe, a redirection, `&&`
 * or `;`, an expansion (`$`, backquotes, globs, `~`, braces), a backslash, a variable assignment
 * in front, a here-document. Strict on purpose: a character it does not know sends the line to
 * bash, which costs time but never a wrong argument.
 */
export function statusctlArgs(line: string): string[] | undefined {
  const words: string[] = [];
  let at = 0;
  for (;;) {
    while (line[at] === ' ' || line[at] === '\t') at++;
    // A comment starts where a word would.
    if (at === line.length || line[at] === '#') break;
    WORD.lastIndex = at;
    const word = WORD.exec(line)?.[0];
    at += word?.length ?? 0;
    // A word must end at a blank or at the end: `ids.txt|`, `a"$B"` and the like go to bash.
    if (word === undefined || (at < line.length && line[at] !== ' ' && line[at] !== '\t')) return undefined;
    words.push(word.replace(/'([^']*)'|"([^"]*)"/g, (_, single?: string, double?: string) => single ?? double ?? ''));
  }
  // The command itself, written plainly (a quoted or assigned-to name is a shell's business).
  return line.trimStart().startsWith('statusctl') && words[0] === 'statusctl' ? words.slice(1) : undefined;
}
