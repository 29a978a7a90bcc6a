// `templates show NAME`: one template, its fields and the first update it gives.
import { examples } from '../../runtime/command-kit.js';
import { Context } from '../../runtime/context.js';
import type { Noun } from '../../runtime/globals.js';
import { renderFields, tableFormat } from '../../output/cells.js';
import { heading, section } from '../../output/sections.js';
import type { Template } from '../../input/templates.js';

export function declare(templates: Noun): void {
  examples(
    templates
      .command('show')
      .argument('<name>', 'the template: its file name without .md')
      .description(
        'One incident template: where it is, the fields it gives (name, severity, services, status, notify) and the ' +
          'first update, its {{variables}} as written. A name no template has is exit 2 listing those there are; one ' +
          'that cannot be used (not a regular file, over 64 KiB, wrong front matter) is exit 2 saying why.\n\n' +
          'Piped: label<TAB>value lines, the message last. With -o json: {template, source, path, name, severity, ' +
          'services, status, notify, message}, fields the template leaves out absent.',
      )
      .action((name, _options, command) => run(Context.fromCommand(command), name)),
    [
      // A fresh machine has no template: the example makes the one it shows.
      "mkdir -p .statusctl/templates && printf -- '---\\nname: Outage in {{region}}\\nseverity: major\\n---\\nCustomers in {{region}} see errors.\\n' > .statusctl/templates/outage.md && statusctl templates show outage",
      'statusctl templates list -o json',
    ],
  );
}

export async function run(ctx: Context, name: string): Promise<void> {
  const { findTemplate } = await import('../../input/templates.js');
  const template = await findTemplate(ctx, name);
  if (ctx.json) return ctx.printJson(template);
  ctx.out(await renderTemplate(ctx, template));
}

/** One template as labelled fields, then its message. */
export async function renderTemplate(ctx: Context, template: Template): Promise<string> {
  const format = tableFormat(ctx);
  const fields = await renderFields(ctx, [
    ...(format === 'terminal' ? [] : [['template', template.template] as [string, string]]),
    ['source', template.source],
    ['path', template.path],
    ['name', template.name ?? ''],
    ['severity', template.severity ?? ''],
    ['services', (template.services ?? []).join(', ')],
    ['status', template.status ?? ''],
    ['notify', template.notify === undefined ? '' : template.notify ? 'yes' : 'no'],
    ...(format === 'tsv' ? [['message', (template.message ?? '').replace(/\r?\n/g, '\\n')] as [string, string]] : []),
  ]);
  const head = format === 'md' ? `### Template: ${template.template}` : heading(ctx, 'Template', template.template);
  const message = template.message ?? '';
  const body =
    format === 'tsv'
      ? ''
      : format === 'md'
        ? `\n\n#### First update\n\n${message}`
        : message
          ? `\n\n${section(ctx, 'First update', message)}`
          : '';
  return `${head ? `${head}\n` : ''}${fields}${body}`;
}
