// Root cause analyses for people. JSON output never comes through here: it is
// the API's own body, printed as received.
import type { RootCauseAnalysis } from '../../contract/schemas.js';
import type { Context } from '../context.js';
import { tableFormat } from '../output/cells.js';
import { field, section } from '../output/sections.js';

export function renderAnalysis(ctx: Context, rca: RootCauseAnalysis): string {
  if (tableFormat(ctx) === 'md') return analysisMarkdown(rca);
  const s = ctx.style;
  const parts: string[] = [];
  const header = [`${s.bold('Root cause analysis')} ${rca.id} ${s.green(rca.status)}`];
  if (rca.errorGroupId) header.push(field(ctx, 'error group', rca.errorGroupId));
  if (rca.checkId) header.push(field(ctx, 'check', `${rca.checkId}${rca.checkType ? ` (${rca.checkType})` : ''}`));
  header.push(field(ctx, 'provider', `${rca.provider} / ${rca.model}, ${Math.round(rca.durationMs)} ms`));
  parts.push(header.join('\n'));

  const analysis = rca.analysis;
  if (!analysis) {
    parts.push(s.dim('The provider returned no analysis.'));
    return parts.join('\n\n');
  }
  if (analysis.classification) parts.push(section(ctx, 'Classification', analysis.classification));
  if (analysis.rootCause) parts.push(section(ctx, 'Root cause', analysis.rootCause));
  if (analysis.userImpact) parts.push(section(ctx, 'User impact', analysis.userImpact));
  if (analysis.codeFix) parts.push(section(ctx, 'Code fix', analysis.codeFix));
  if (analysis.evidence?.length) {
    const items = analysis.evidence.map((item) => {
      const artifacts = item.artifacts.map((artifact) => `${artifact.name} [${artifact.type}]`).join(', ');
      return `- ${item.description}${artifacts ? `\n  ${s.dim(`artifacts: ${artifacts}`)}` : ''}`;
    });
    parts.push(section(ctx, 'Evidence', items.join('\n')));
  }
  if (analysis.referenceLinks?.length) {
    const links = analysis.referenceLinks.map((link) => `- ${link.title}\n  ${s.cyan.underline(link.url)}`);
    parts.push(section(ctx, 'References', links.join('\n')));
  }
  return parts.join('\n\n');
}

/** The analysis as Markdown, to paste into a ticket or a chat (-o md). */
function analysisMarkdown(rca: RootCauseAnalysis): string {
  const fields = [`- **status:** ${rca.status}`];
  if (rca.errorGroupId) fields.push(`- **error group:** \`${rca.errorGroupId}\``);
  if (rca.checkId) fields.push(`- **check:** \`${rca.checkId}\`${rca.checkType ? ` (${rca.checkType})` : ''}`);
  fields.push(`- **provider:** ${rca.provider} / ${rca.model}, ${Math.round(rca.durationMs)} ms`);
  const parts = [`### Root cause analysis \`${rca.id}\``, fields.join('\n')];
  const analysis = rca.analysis;
  if (!analysis) return [...parts, 'The provider returned no analysis.'].join('\n\n');
  const section = (title: string, body: string | undefined) => {
    if (body?.trim()) parts.push(`#### ${title}\n\n${body.trim()}`);
  };
  section('Classification', analysis.classification);
  section('Root cause', analysis.rootCause);
  section('User impact', analysis.userImpact);
  // Code fixes are usually code or a diff: a fenced block keeps their layout.
  if (analysis.codeFix?.trim()) parts.push(`#### Code fix\n\n\`\`\`\n${analysis.codeFix.trim()}\n\`\`\``);
  section(
    'Evidence',
    analysis.evidence
      ?.map((item) => {
        const artifacts = item.artifacts.map((artifact) => `${artifact.name} [${artifact.type}]`).join(', ');
        // Continuation lines indented, so a multi-line description stays one list item.
        return `- ${item.description.trim().replace(/\n/g, '\n  ')}${artifacts ? `\n  (artifacts: ${artifacts})` : ''}`;
      })
      .join('\n'),
  );
  section('References', analysis.referenceLinks?.map((link) => `- [${link.title}](${link.url})`).join('\n'));
  return parts.join('\n\n');
}
