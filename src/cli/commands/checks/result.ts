// `checks result CHECK RESULT`: one result in full: its fields, then (on a terminal and in
// Markdown) the errors of the groups it fed, each with the commands that go deeper.
import type { CheckResult } from '../../../contract/schemas.js';
import { isNotFound } from '../../errors/not-found.js';
import { checkIdOf, resultIdOf } from '../../lookup/checks.js';
import { tableFormat } from '../../output/cells.js';
import { section } from '../../output/sections.js';
import { terminalLine } from '../../output/terminal-text.js';
import type { Context } from '../../runtime/context.js';
import { getVerb } from '../../verbs/get.js';
import { CHECK_RESULT } from '../../views/check-result.js';
import { CHECK_STATUS } from '../../views/check-status.js';
import { renderRecord } from '../../views/resource.js';

export const { declare, run } = getVerb(CHECK_RESULT, {
  name: 'result',
  description:
    "One result of a check: its outcome, when it started and stopped, where it ran, how long it took, and the error groups it fed; on a terminal, each group's error follows, with the commands that go deeper.\n\n" +
    'RESULT is its id, or its first 6 or more characters as `checks results` shows them. Piped: label<TAB>value lines. ' +
    'With -o json: the result as the API gives it. An unknown check or result is exit 4.',
  examples: [
    `statusctl checks result 'Payments API' "$(statusctl checks results 'Payments API' --failing -L 1 | cut -f1)"`,
    `statusctl checks result 'Payments API' "$(statusctl checks results 'Payments API' -L 1 | cut -f1)" -o json`,
  ],
  parents: [[CHECK_STATUS.argument.name, CHECK_STATUS.argument.help]],
  async fetch(ctx, given, [check]) {
    const checkId = await checkIdOf(ctx, check!);
    const id = await resultIdOf(ctx, checkId, given, check!);
    return (await ctx.client()).getCheckResult({ params: { checkId, checkResultId: id } });
  },
  render: renderResult,
});

async function renderResult(ctx: Context, result: CheckResult): Promise<string> {
  const record = await renderRecord(ctx, CHECK_RESULT, result);
  const ids = result.errorGroupIds ?? [];
  // Piped, fields only: a script reads the group ids from their field.
  if (ids.length === 0 || tableFormat(ctx) === 'tsv') return record;
  const client = await ctx.client();
  const groups = await Promise.all(ids.map((id) => client.getErrorGroup({ params: { id } }).catch(missing)));
  const s = ctx.style;
  const lines = ids.map((id, i) => {
    const error = groups[i] ? terminalLine(groups[i].cleanedErrorMessage) : s.dim('(the group is gone)');
    return [`${id}  ${error}`, `  ${s.dim(`statusctl error-groups get ${id}`)}`, `  ${s.dim(`statusctl rca request ${id}`)}`].join('\n');
  });
  if (tableFormat(ctx) === 'md') {
    const items = ids.map((id, i) => `- \`${id}\`: ${groups[i] ? terminalLine(groups[i].cleanedErrorMessage) : '(the group is gone)'}`);
    return `${record}\n\n#### Errors\n\n${items.join('\n')}`;
  }
  return `${record}\n\n${section(ctx, 'Errors', lines.join('\n'))}`;
}

/** A group deleted since the result: shown as gone, not an error of the whole command. */
function missing(error: unknown): undefined {
  if (isNotFound(error)) return undefined;
  throw error;
}
