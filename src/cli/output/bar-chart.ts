// A success ratio as a horizontal bar against its target. Success ratios crowd near 100 %, so a
// bar from 0 to 100 % draws 97.6 % and 100 % alike; this one runs from a floor below the target to
// 100 %, with the target marked at three quarters of it: the cells before the mark are the room
// below the target, those after it the headroom above. A ratio under the floor draws no fill (its
// figure says how far under). Eighth blocks give the fill a resolution of 1/8 of a cell.
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
const FULL = '█';
/** The unfilled part is drawn too, so the bar's length reads without color. */
const TRACK = '░';
/** Where the target is: a cell of its own between the two parts of the bar. */
export const TARGET_MARK = '│';
/** The target's place along the bar. */
const TARGET_AT = 3 / 4;

export interface Scale {
  /** The percentage at the bar's start; its end is 100. */
  floor: number;
  target: number;
}

/** The scale for `target` (a percentage): the target at three quarters of the way from the floor to 100 %. */
export function scaleFor(target: number): Scale {
  const headroom = Math.max(100 - target, 0.01);
  const floor = Math.max(0, target - headroom * (TARGET_AT / (1 - TARGET_AT)));
  return { floor: Math.round(floor * 100) / 100, target };
}

/**
 * `percent` (0..100) on `scale`, `width` cells: the cells before the target's mark run from the
 * floor to the target, those after it from the target to 100 %, so the mark hides no fill.
 */
export function targetBar(percent: number, scale: Scale, width: number): string {
  const below = Math.round((width - 1) * TARGET_AT);
  const above = width - 1 - below;
  // A target of 100 % leaves nothing after the mark to measure: that part is full at 100 % only.
  const part = (from: number, to: number, cells: number) =>
    fill(to > from ? Math.min(Math.max((percent - from) / (to - from), 0), 1) : percent >= to ? 1 : 0, cells);
  return part(scale.floor, scale.target, below) + TARGET_MARK + part(scale.target, 100, above);
}

/** `fraction` (0..1) of `cells` cells filled, the rest track. */
function fill(fraction: number, cells: number): string {
  const eighths = Math.round(fraction * cells * 8);
  const full = Math.floor(eighths / 8);
  const partial = EIGHTHS[eighths % 8]!;
  return (FULL.repeat(full) + partial).padEnd(cells, TRACK);
}

/** `98%`, `99.75%`: a scale's figure, without the zeros that say nothing. */
export const scaleFigure = (value: number) => `${Number(value.toFixed(2))}%`;
