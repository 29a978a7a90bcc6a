// An example line that pipes statusctl into other tools (`statusctl ... | jq ...`), feeds it a
// file (`statusctl ... - < ids.txt`) or writes its output to one (`statusctl ... > key.txt`),
// split into its commands, so that the statusctl commands of plain words run in this process
// (through run(), the program the binary runs) and the others in bash as written. Starting Node
// for a statusctl command was most of an example's time; bash and the tools it pipes into are
// cheap to start. The split keeps what bash with pipefail checks: each command reads what the
// one before it wrote, the line's exit status is that of the last command that failed, and
// stderr is every command's. Strict on purpose: a line with anything else a shell does between
// or around the commands (`&&`, `;`, `$(...)`, a backslash, a subshell...) is not split, and
// runs in bash whole.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ShellResult, statusctlArgs } from './readme-shell.js';

/** A command of a pipeline: statusctl run in this process, or a shell command run in bash. */
export type Stage = { statusctl: string[]; input?: string; output?: string } | { shell: string };

/** A file name as a redirection takes it here: plain characters only (no `~`, no quotes, no expansion). */
const FILE = /^[\w@%+=:,./-]+$/;

/**
 * The commands of `line`, split at its pipes, when at least one is a statusctl command of plain
 * words (statusctlArgs), maybe with `< FILE` and `> FILE` at its end, and the line is only
 * commands joined by `|` (and maybe a comment); undefined otherwise. Commands next to each
 * other that are not statusctl stay together, as one bash pipeline.
 */
export function pipelineOf(line: string): Stage[] | undefined {
  const commands = splitAtPipes(line);
  if (!commands) return undefined;
  const stages: Stage[] = [];
  for (const command of commands) {
    const stage = statusctlStage(command);
    const last = stages.at(-1);
    if (stage) stages.push(stage);
    else if (last && 'shell' in last) last.shell += ` | ${command}`;
    else stages.push({ shell: command });
  }
  return stages.some((stage) => 'statusctl' in stage) ? stages : undefined;
}

/**
 * `line`'s commands, where it has pipes only, outside quotes; undefined for anything else a
 * shell reads between commands, or that may hide a command (a substitution, a subshell).
 */
function splitAtPipes(line: string): string[] | undefined {
  const commands: string[] = [];
  let start = 0;
  let at = 0;
  for (; at < line.length; at++) {
    const char = line[at]!;
    if (char === "'") {
      at = line.indexOf("'", at + 1);
      if (at < 0) return undefined;
    } else if (char === '"') {
      for (at++; at < line.length && line[at] !== '"'; at++) {
        if (line[at] === '\\') at++;
        else if (line[at] === '`' || line.startsWith('$(', at)) return undefined;
      }
      if (at >= line.length) return undefined;
    } else if (char === '#' && (at === 0 || /\s/.test(line[at - 1]!))) {
      break;
    } else if (char === '|') {
      if (line[at + 1] === '|' || line[at + 1] === '&') return undefined;
      commands.push(line.slice(start, at).trim());
      start = at + 1;
    } else if (/[\\`;&(){}\n]/.test(char) || line.startsWith('$(', at)) {
      return undefined;
    }
  }
  commands.push(line.slice(start, at).trim());
  return commands.every((command) => command.length > 0) ? commands : undefined;
}

/** A statusctl command of plain words with maybe `< FILE` and `> FILE` at its end, as a stage; undefined otherwise. */
function statusctlStage(command: string): Stage | undefined {
  let words = command;
  const redirections: { input?: string; output?: string } = {};
  for (;;) {
    const match = /\s([<>])\s*(\S+)$/.exec(words);
    if (!match || !FILE.test(match[2]!)) break;
    const which = match[1] === '<' ? 'input' : 'output';
    if (redirections[which] !== undefined) return undefined;
    redirections[which] = match[2]!;
    words = words.slice(0, match.index);
  }
  const args = statusctlArgs(words);
  return args ? { statusctl: args, ...redirections } : undefined;
}

/** How the stages of a pipeline run: a statusctl command in this process, shell commands in bash, each given its stdin. */
export interface StageRunners {
  /** The directory the line runs in, where `< FILE` and `> FILE` are. */
  cwd: string;
  statusctl(args: string[], input: string): Promise<ShellResult>;
  shell(script: string, input: string): Promise<ShellResult>;
}

/**
 * Runs the stages one after another, each given what the one before printed (the first, an
 * empty stdin), as bash with pipefail would: the exit status is the last non-zero one, stdout
 * is the last command's (none when it goes to a file), stderr is every command's.
 */
export async function runPipeline(stages: Stage[], runners: StageRunners): Promise<ShellResult> {
  let input = '';
  let code: number | null = 0;
  let stderr = '';
  for (const stage of stages) {
    let result: ShellResult | undefined;
    if ('shell' in stage) result = await runners.shell(stage.shell, input);
    else {
      let stdin = input;
      try {
        if (stage.input !== undefined) stdin = readFileSync(join(runners.cwd, stage.input), 'utf8');
      } catch (error) {
        // As bash: the command does not run when its input cannot be opened.
        result = { code: 1, stdout: '', stderr: `${stage.input}: ${(error as Error).message}\n` };
      }
      result ??= await runners.statusctl(stage.statusctl, stdin);
      if (stage.output !== undefined) {
        writeFileSync(join(runners.cwd, stage.output), result.stdout);
        result = { ...result, stdout: '' };
      }
    }
    input = result.stdout;
    stderr += result.stderr;
    if (result.code !== 0) code = result.code;
  }
  return { code, stdout: input, stderr };
}
