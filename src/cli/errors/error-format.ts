// How every error reaches the user (docs/cli.md): one line on stderr starting `statusctl:`, the
// rest of a multi-line message indented as one block under it, then at most one `hint:` line.
// Commander's own usage errors go through here too (src/cli/runtime/run.ts), so scripts and people see
// one form whatever failed. A message may quote the server (a name, its own message): what would
// steer the terminal in it is shown escaped (output/terminal-text.ts), its lines kept.
import { terminalText } from '../output/terminal-text.js';

export interface ShownError {
  message: string;
  hint?: string | undefined;
}

export function formatError(shown: ShownError): string {
  const message = terminalText(shown.message);
  const hint = shown.hint === undefined ? undefined : terminalText(shown.hint);
  const [first = '', ...rest] = message.trimEnd().split('\n');
  const lines = [`statusctl: ${first}`, ...rest.map((line) => (line ? `  ${line.replace(/^ {0,2}/, '')}` : ''))];
  if (hint) lines.push(`hint: ${hint}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Commander's message (`error: option '--x <n>' argument 'y' is invalid. ...`) as ours. A hint
 * names the command's help where the message does not already say what is expected.
 */
export function fromCommander(text: string, commandPath: string, hint?: string): string {
  // Commander puts its suggestion on a line of its own: it belongs to the one line.
  const message = text
    .replace(/^error: /, '')
    .trimEnd()
    .replace(/\n\(Did you mean /, ' (Did you mean ');
  const saysWhatIsExpected = /is invalid|\(Did you mean /.test(message);
  return formatError({ message, hint: hint ?? (saysWhatIsExpected ? undefined : `'${commandPath} --help' shows the usage`) });
}
