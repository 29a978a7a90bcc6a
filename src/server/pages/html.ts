// A tagged template for HTML: every interpolated value is escaped (escape-html) unless it is
// markup made by this same tag, so a field can never become markup by mistake. Control
// characters and bidi overrides in a value are dropped first: a stored name or message may hold
// an ESC, a NUL or a U+202E that would reorder the text around it, and none of them is text a
// visitor should see.
import escapeHtml from 'escape-html';

/** C0 controls but tab and newline, DEL, C1 controls, bidi embeddings, overrides and isolates. */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export class Markup {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Value = Markup | string | number | null | undefined | false | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value).replace(CONTROLS, ''));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Markup {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Markup(out);
}

/** Trusted text written by the server itself (its own CSS and script), never a stored field. */
export function trusted(text: string): Markup {
  return new Markup(text);
}

/** The server's own rendering of a time; the page's script shows it in the visitor's zone. */
export function time(iso: string): Markup {
  const date = new Date(iso);
  const label = Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return html`<time datetime="${iso}">${label}</time>`;
}
