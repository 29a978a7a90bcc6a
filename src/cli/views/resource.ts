// A resource as the CLI shows it, said once: the columns of its list, the fields of one record,
// the argument that names one (its help, how a bad one is reported, the kind of value completion
// offers). A list and a record are rendered from it for the terminal, pipes (label<TAB>value
// lines, tab-separated rows) and Markdown alike, by the renderers of output/: every command that
// shows the resource shows it the same way, and the verbs of verbs/ are made from it.
import type { ValueKind } from '../completion/value-kinds.js';
import type { IdArgument } from '../input/ids.js';
import { type CellValue, type ColumnSpec, renderFields, renderTable, tableFormat } from '../output/cells.js';
import { heading } from '../output/sections.js';
import { terminalLine } from '../output/terminal-text.js';
import type { View } from '../output/view.js';

/** One labelled value of a record. */
export type FieldRow = [label: string, value: CellValue];

/** The argument naming one of the resource: `<id>` in the help. */
export interface ResourceArgument {
  /** As commander names it (`id` for `<id>`); completion marks it by this name. */
  readonly name: string;
  readonly help: string;
  /** How a value of the wrong form is reported: the name the help gives it, where a good one is shown. */
  readonly usage?: IdArgument;
  /** What completion offers for it, when the account has values of that kind. */
  readonly kind?: ValueKind;
}

export interface ResourceView<T> {
  /** As a record's heading names it: `Error group`. */
  readonly title: string;
  readonly argument: ResourceArgument;
  id(item: T): string;
  /** The label of the id's field, piped and in Markdown (a terminal has it in the heading): `id` unless said. */
  readonly idLabel?: string;
  /** The Markdown heading, when it is not `### <title> \`<id>\``. */
  markdownHeading?(item: T, title: string): string;
  /** The list's columns, and a row for each item in the order given. */
  readonly columns: readonly ColumnSpec[];
  rows(ctx: View, items: readonly T[]): CellValue[][];
  /** One record's fields, in the order shown, after its id. */
  fields(ctx: View, item: T): FieldRow[];
}

/** The items as the resource's table (tab-separated piped, a Markdown table with -o md). */
export function renderList<T>(ctx: View, view: ResourceView<T>, items: readonly T[]): Promise<string> {
  return renderTable(ctx, [...view.columns], view.rows(ctx, items));
}

/**
 * One record: its heading (on a terminal and in Markdown; piped output has none, so a script
 * reads fields only), its id as a field where the heading does not show it, then its fields.
 * `title` replaces the resource's where a command shows it in a role (`Resolved with`).
 */
export async function renderRecord<T>(ctx: View, view: ResourceView<T>, item: T, title = view.title): Promise<string> {
  const format = tableFormat(ctx);
  const id = view.id(item);
  // The heading's names on one line, nothing in them steering a terminal (output/terminal-text.ts).
  const head = format === 'md' && view.markdownHeading ? terminalLine(view.markdownHeading(item, title)) : heading(ctx, title, id);
  const idField: FieldRow[] = format === 'terminal' ? [] : [[view.idLabel ?? 'id', { text: id, code: true }]];
  const fields = await renderFields(ctx, [...idField, ...view.fields(ctx, item)]);
  return head ? `${head}\n${fields}` : fields;
}
