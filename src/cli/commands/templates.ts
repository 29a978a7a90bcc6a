// `templates`: the incident templates `incidents create --template NAME` fills an incident from.
// Wiring only: each verb (its options, run function and renderer) is a module in templates/.
import { declareVerbs, examples } from '../runtime/command-kit.js';
import type { Program } from '../runtime/globals.js';

/** Each verb's module, in the order of the noun's help. */
const VERBS = {
  list: () => import('./templates/list.js'),
  show: () => import('./templates/show.js'),
};

export async function register(program: Program, verbs?: readonly string[]): Promise<void> {
  const templates = program
    .command('templates')
    .description(
      'Incident templates: Markdown files whose YAML front matter gives name, severity, services, status and notify, ' +
        'and whose body is the first update (incidents create --template NAME)',
    );
  examples(templates, ['statusctl templates list', 'statusctl templates show outage']);
  await declareVerbs(templates, VERBS, verbs);
}
