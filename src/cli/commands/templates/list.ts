// `templates list`: every template `incidents create --template` can use, from the repository
// the command runs in and from the config directory (src/cli/input/templates.ts finds them).
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { renderTable } from '../../output/cells.js';
import type { Template } from '../../input/templates.js';

export function declare(templates: Noun): void {
  examples(
    templates
      .command('list')
      .description(
        'The incident templates, by name: those of the repository the command runs in (.statusctl/templates/NAME.md ' +
          'under the nearest directory up that holds .git, else the current directory), then those of the config ' +
          'directory (templates/NAME.md); a repository template hides a config one of the same name.\n\n' +
          'A template that cannot be used (not a regular file, over 64 KiB, front matter that is wrong or never ' +
          'closed) is listed with its PROBLEM, a column added when there is one.\n\n' +
          'Piped: TEMPLATE, SOURCE, NAME, SEVERITY, SERVICES, PATH (and PROBLEM), tab-separated. With -o json: an array ' +
          'of templates (the shape templates show prints; one that cannot be used has only template, source, path and problem).',
      )
      .action((_options, command) => run(Context.fromCommand(command))),
    ['statusctl templates list', "statusctl templates list -o json --jq '.[].template'"],
  );
}

export async function run(ctx: Context): Promise<void> {
  const { listTemplates, templateDirs } = await import('../../input/templates.js');
  const templates = await listTemplates(ctx);
  if (ctx.json) return ctx.printJson(templates);
  if (templates.length === 0) {
    const dirs = (await templateDirs(ctx)).map(({ dir }) => dir);
    // One folder a line: a path is long, and a line that wraps on a narrow terminal is hard to copy.
    ctx.info(['No templates. A template is a Markdown file NAME.md in one of:', ...dirs.map((dir) => `  ${dir}`)].join('\n'));
    return;
  }
  ctx.out(await renderTemplates(ctx, templates));
}

/** The templates as a table, in the order given; a PROBLEM column last when one cannot be used. */
export function renderTemplates(ctx: Context, templates: readonly Template[]): Promise<string> {
  const problems = templates.some((template) => template.problem !== undefined);
  return renderTable(
    ctx,
    [
      'template',
      'source',
      'name',
      'severity',
      { header: 'services', optional: 1 },
      { header: 'path', optional: 2 },
      ...(problems ? ['problem'] : []),
    ],
    templates.map((template) => [
      template.template,
      template.source,
      template.name ?? '',
      template.severity ?? '',
      (template.services ?? []).join(', '),
      template.path,
      ...(problems ? [template.problem ?? ''] : []),
    ]),
  );
}
