// One template file read into a Template: the file read as any input file (a regular file of at
// most 64 KiB, src/cli/input/input-file.ts), its YAML front matter checked field by field. The
// YAML library is loaded only here, when a template is read.
import { INCIDENT_STATUSES, type IncidentStatus, SEVERITIES, type Severity } from './incident-options.js';
import { didYouMean } from '../errors/suggest.js';
import { realpath } from 'node:fs/promises';
import { InputFileError, isWithin, readInputFile } from './input-file.js';

export type TemplateSource = 'repository' | 'config';

/** A template as read from its file; the JSON shape of `templates list` (an array) and `templates show`. */
export interface Template {
  /** The file's name without `.md`: what --template takes. */
  template: string;
  source: TemplateSource;
  path: string;
  name?: string;
  severity?: Severity;
  services?: string[];
  status?: IncidentStatus;
  notify?: boolean;
  /** The body: the first update's text. */
  message?: string;
  /** Why the template cannot be used (`templates list` only; --template NAME fails with it). */
  problem?: string;
}

/** A folder templates are looked in; a repository's must stay inside `root`, the repository's top level. */
export interface TemplateDir {
  source: TemplateSource;
  dir: string;
  root?: string;
}

/** A NAME.md entry of a template folder. */
export interface TemplateFile extends TemplateDir {
  name: string;
  path: string;
}

const FIELDS = ['name', 'severity', 'services', 'status', 'notify'] as const;

/** Front matter: a `---` line first, the YAML, a closing `---` line (the YAML may be empty), then the body. */
const FRONT_MATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)([\s\S]*)$/;
const FRONT_MATTER_HINT = 'front matter is YAML between two --- lines at the top, e.g. severity: major';

/** The template in `path`, found in `dir`; an InputFileError (exit 2) names what is wrong with it. */
export async function readTemplate({ source, dir, root, name: template, path }: TemplateFile): Promise<Template> {
  const label = `template ${path}`;
  if (root !== undefined) {
    // The folder itself may be a link a repository ships (.statusctl -> a directory of the user's).
    const [real, top] = await Promise.all([realpath(dir), realpath(root)]);
    if (!isWithin(real, top)) {
      throw new InputFileError(
        label,
        `the templates folder ${dir} is a symbolic link to ${real}, outside the repository ${top}: it is not read`,
        "keep the repository's templates in the repository",
      );
    }
  }
  const text = await readInputFile(path, {
    label,
    within: dir,
    hint: `a template is a regular Markdown file in ${dir} (a link may lead only to one there)`,
  });
  const bad = (what: string, hint?: string) => new InputFileError(label, what, hint ?? FRONT_MATTER_HINT);
  const match = FRONT_MATTER.exec(text);
  // An opening line with no closing one: the front matter would otherwise be posted as the message.
  if (!match && /^---[ \t]*(?:\r?\n|$)/.test(text))
    throw bad('the front matter opened by --- on its first line is never closed by a --- line');
  const front = match?.[1] ?? '';
  const body = (match ? match[2]! : text).trim();
  const { parse } = await import('yaml');
  let data: unknown;
  try {
    data = front.trim() === '' ? {} : parse(front);
  } catch (error) {
    throw bad(`the front matter is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw bad('the front matter is not a mapping of fields');
  const fields = data as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (!(FIELDS as readonly string[]).includes(key))
      throw bad(`unknown field "${key}"${didYouMean(key, FIELDS)}; the fields: ${FIELDS.join(', ')}`);
  }
  const result: Template = { template, source, path };
  const text_ = (key: string, value: unknown) => {
    if (typeof value !== 'string' || value.trim() === '') throw bad(`${key} must be a non-empty string`);
    return value;
  };
  const choice = <T extends string>(key: string, value: unknown, choices: readonly T[]): T => {
    const found = choices.find((item) => typeof value === 'string' && item.toLowerCase() === value.toLowerCase());
    if (!found) throw bad(`${key} must be one of ${choices.join(', ')} (any case), not ${JSON.stringify(value)}`);
    return found;
  };
  if (fields.name !== undefined) result.name = text_('name', fields.name);
  if (fields.severity !== undefined) result.severity = choice('severity', fields.severity, SEVERITIES);
  if (fields.services !== undefined) {
    const list = typeof fields.services === 'string' ? [fields.services] : fields.services;
    if (!Array.isArray(list) || list.length === 0) throw bad('services must be a list of service names or ids');
    result.services = list.map((item) => text_('services', item));
  }
  if (fields.status !== undefined) result.status = choice('status', fields.status, INCIDENT_STATUSES);
  if (fields.notify !== undefined) {
    if (typeof fields.notify !== 'boolean') throw bad('notify must be true or false');
    result.notify = fields.notify;
  }
  if (body) result.message = body;
  return result;
}
