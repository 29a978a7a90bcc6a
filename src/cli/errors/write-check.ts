// The command that shows whether a write whose answer was lost was applied, for the hint of a
// WriteMayBeAppliedError (src/client/settle.ts). The client names the read that tells (an
// operation of the table and its path); here it becomes the command a person would type: the
// named command where there is one, else `statusctl api` on the read's path.
import type { WriteMayBeAppliedError } from '../../client/errors.js';

const MAX_NAMED = 3;

export function writeCheckHint(error: WriteMayBeAppliedError): string {
  const { check, candidates } = error;
  if (!check) return 'no read shows whether it arrived; running the command again sends a second request';
  const commands =
    candidates.length > 0
      ? candidates.slice(0, MAX_NAMED).map((id) => `statusctl incidents get ${id}`)
      : check.operationId === 'getIncident' && check.params.incidentId
        ? [`statusctl incidents get ${check.params.incidentId}`]
        : check.operationId === 'listIncidents'
          ? ['statusctl incidents list --limit 10']
          : [`statusctl api ${check.path}`];
  return `check with '${commands.join("', '")}' before running the command again`;
}
