// What a terminal would show after a program's output: the few cursor and erase sequences that
// prompts and spinners use (cursor up/down/column, erase line, erase below) applied to a grid of
// lines, colors dropped. Enough to tell whether a prompt or a spinner line was left on screen.
// Given the terminal's width, a line longer than it goes on on the next row, as a terminal wraps it.

const CSI = /^\x1b\[([?0-9;]*)([A-Za-z])/;
const OTHER_ESCAPE = /^\x1b(?:\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-B]|[=>78DEHMc])/;

export function finalScreen(raw: string, cols?: number): string[] {
  const lines: string[] = [''];
  let row = 0;
  let col = 0;
  const line = () => lines[row] ?? '';
  const put = (text: string) => {
    while (lines.length <= row) lines.push('');
    const current = line().padEnd(col, ' ');
    lines[row] = current.slice(0, col) + text + current.slice(col + text.length);
    col += text.length;
  };
  for (let i = 0; i < raw.length; ) {
    const rest = raw.slice(i);
    const csi = CSI.exec(rest);
    if (csi) {
      const n = Number(csi[1]?.replace('?', '').split(';')[0]) || 0;
      switch (csi[2]) {
        case 'A':
          row = Math.max(0, row - (n || 1));
          break;
        case 'B':
          row += n || 1;
          break;
        case 'C':
          col += n || 1;
          break;
        case 'D':
          col = Math.max(0, col - (n || 1));
          break;
        case 'G':
          col = Math.max(0, (n || 1) - 1);
          break;
        case 'K':
          while (lines.length <= row) lines.push('');
          lines[row] = n === 0 ? line().slice(0, col) : n === 1 ? ' '.repeat(col) + line().slice(col) : '';
          break;
        case 'J':
          lines.splice(row + 1);
          lines[row] = line().slice(0, col);
          break;
      }
      i += csi[0].length;
      continue;
    }
    const other = OTHER_ESCAPE.exec(rest);
    if (other) {
      i += other[0].length;
      continue;
    }
    const char = raw[i]!;
    if (char === '\r') col = 0;
    else if (char === '\n') {
      row++;
      col = 0;
      while (lines.length <= row) lines.push('');
    } else if (char >= ' ' || char === '\t') {
      if (cols !== undefined && col >= cols) {
        row++;
        col = 0;
      }
      put(char);
    }
    i++;
  }
  return lines.map((text) => text.trimEnd());
}
