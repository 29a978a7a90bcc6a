// A root cause analysis: the fields `rca get` and `rca request --wait` show above its parts, laid
// out as every record's fields are (renderFields: aligned on a terminal, label<TAB>value piped, a
// list in Markdown). A terminal has the id and the status in the heading; pipes and Markdown have
// them as fields.
import type { RootCauseAnalysis } from '../../contract/schemas.js';
import { tableFormat } from '../output/cells.js';
import type { View } from '../output/view.js';
import type { FieldRow } from './resource.js';

export function analysisFields(ctx: View, rca: RootCauseAnalysis): FieldRow[] {
  const format = tableFormat(ctx);
  const rows: FieldRow[] = [];
  if (format === 'tsv') rows.push(['id', rca.id]);
  if (format !== 'terminal') rows.push(['status', rca.status]);
  if (rca.errorGroupId) rows.push(['error group', { text: rca.errorGroupId, code: true }]);
  if (rca.checkId) {
    const type = rca.checkType ? ` (${rca.checkType})` : '';
    rows.push(['check', format === 'md' ? `\`${rca.checkId}\`${type}` : `${rca.checkId}${type}`]);
  }
  rows.push(['provider', `${rca.provider} / ${rca.model}, ${Math.round(rca.durationMs)} ms`]);
  return rows;
}
