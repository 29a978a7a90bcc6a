// README lines run as a reader would run them: in bash (pipefail), with `statusctl` on the PATH
// being the built binary, against the server a test names. For the tests that run the README's
// command blocks and pipelines as written.
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

/**
 * Runs `script` in bash with pipefail (and -e with `exitOnError`), in a fresh directory, with the
 * server's environment (`env`) and `statusctl` on the PATH.
 */
export function runShell(script: string, env: Record<string, string>, { exitOnError = false } = {}): Promise<ShellResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [...(exitOnError ? ['-e'] : []), '-o', 'pipefail', '-c', script], {
      cwd: tempConfigDir(),
      env: cleanEnv({ ...env, PATH: `${statusctlOnPath()}:${process.env.PATH}` }),
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
