// `templates`: the incident templates `incidents create --template NAME` fills an incident from.
// Wiring only: each verb (its options, run function and renderer) is a module in templates/.
import { examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';
import * as list from './templates/list.js';
import * as show from './templates/show.js';

export function register(program: Program): void {
  const templates = program
    .command('templates')
    .description(
      'Incident templates: Markdown files whose YAML front matter gives name, severity, services, status and notify, ' +
        'and whose body is the first update (incidents create --template NAME)',
    );
  examples(templates, ['statusctl templates list', 'statusctl templates show outage']);
  list.declare(templates);
  show.declare(templates);
}
