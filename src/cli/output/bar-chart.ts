// A horizontal bar drawn with block characters. Eighth blocks give the bar a resolution of
// 1/8 of a cell, so 97.5% and 99.9% look different even in a narrow terminal.
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
const FULL = '█';
/** The unfilled part is drawn too, so the bar's length reads without color. */
const TRACK = '░';

export interface Bar {
  filled: string;
  track: string;
}

/** `percent` (0..100) of `width` cells, split so the caller can color the two parts. */
export function bar(percent: number, width: number): Bar {
  const clamped = Math.min(Math.max(percent, 0), 100);
  const eighths = Math.round((clamped / 100) * width * 8);
  const full = Math.floor(eighths / 8);
  const partial = EIGHTHS[eighths % 8]!;
  const used = full + (partial ? 1 : 0);
  return { filled: FULL.repeat(full) + partial, track: TRACK.repeat(Math.max(width - used, 0)) };
}
