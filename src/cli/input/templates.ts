// Incident templates: Markdown files whose YAML front matter gives an incident's name, severity,
// services, status and notify flag, and whose body is its first message, so the words are agreed
// before the outage. They are looked for in the repository the command runs in
// (`.statusctl/templates/NAME.md` under the repository's top level: the nearest directory up
// from the current one that holds `.git`, else the current directory), then in the config
// directory (`templates/NAME.md`). The YAML library is loaded only when a template is read.
import { existsSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Context } from '../runtime/context.js';
import { usageError } from '../errors/exit-codes.js';
import type { IncidentStatus, Severity } from './incident-options.js';
import { type CatalogPage, type IncidentServiceRef, resolveServices } from '../lookup/service-catalog.js';
import { didYouMean } from '../errors/suggest.js';
import { InputFileError } from './input-file.js';
import { readTemplate, type Template, type TemplateDir, type TemplateFile } from './template-file.js';

export type { Template, TemplateSource } from './template-file.js';

const TEMPLATE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_-]*)\s*\}\}/g;

/** The directories templates are looked for in, first wins. */
export async function templateDirs(ctx: Context): Promise<TemplateDir[]> {
  const config = await ctx.config();
  const root = repositoryRoot(process.cwd());
  return [
    { source: 'repository', dir: join(root, '.statusctl', 'templates'), root },
    { source: 'config', dir: join(dirname(config.path), 'templates') },
  ];
}

/** The nearest directory from `start` up that holds `.git` (a directory, or a file in a worktree), else `start`. */
export function repositoryRoot(start: string): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, '.git'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(start);
    dir = parent;
  }
}

/**
 * Every template, by name; a repository's template hides the config directory's of the same name.
 * One that cannot be used (not a regular file, too big, wrong front matter) is listed with its
 * problem instead of failing the list.
 */
export async function listTemplates(ctx: Context): Promise<Template[]> {
  const found = new Map<string, Template>();
  for (const file of await templateFiles(ctx)) {
    const { source, name, path } = file;
    if (found.has(name)) continue;
    try {
      found.set(name, await readTemplate(file));
    } catch (error) {
      if (!(error instanceof InputFileError)) throw error;
      found.set(name, { template: name, source, path, problem: error.problem });
    }
  }
  return [...found.values()].sort((a, b) => a.template.localeCompare(b.template));
}

/** The NAME.md entries of the template directories, in the order they are looked in; none is read. */
async function templateFiles(ctx: Context): Promise<TemplateFile[]> {
  const files: TemplateFile[] = [];
  for (const folder of await templateDirs(ctx)) {
    const { dir } = folder;
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      continue;
    }
    for (const file of names.sort()) {
      const name = file.replace(/\.md$/, '');
      if (name !== file && TEMPLATE_NAME.test(name)) files.push({ ...folder, name, path: join(dir, file) });
    }
  }
  return files;
}

/** The template NAME, or a usage error: what is wrong with it, or (when there is none) the templates there are. */
export async function findTemplate(ctx: Context, name: string): Promise<Template> {
  if (TEMPLATE_NAME.test(name)) {
    for (const folder of await templateDirs(ctx)) {
      const path = join(folder.dir, `${name}.md`);
      // lstat: a link to nothing, a FIFO or a directory is this template, refused by readTemplate.
      if (
        await lstat(path).then(
          () => true,
          () => false,
        )
      )
        return readTemplate({ ...folder, name, path });
    }
  }
  // Only the names: an unknown name never reads (or waits on) the files beside it.
  const names = [...new Set((await templateFiles(ctx)).map((file) => file.name))].sort((a, b) => a.localeCompare(b));
  const dirs = (await templateDirs(ctx)).map(({ dir }) => dir);
  throw usageError(
    `template "${name}": no such template${didYouMean(name, names)}; ${names.length ? `the templates: ${names.join(', ')}` : 'there are none'}`,
    `a template is a Markdown file NAME.md in ${dirs.join(' or ')}; 'statusctl templates list' lists them`,
  );
}

/** `--var KEY=VALUE`, collected; a value without `=` or with a bad key is refused by commander. */
export function parseVars(given: readonly string[]): Map<string, string> {
  const vars = new Map<string, string>();
  for (const entry of given) {
    const at = entry.indexOf('=');
    const key = at > 0 ? entry.slice(0, at).trim() : '';
    if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(key)) {
      throw usageError(`option '--var' (${entry}): expected KEY=VALUE, KEY of letters, digits, _ and -`, 'e.g. --var region=eu-west-1');
    }
    vars.set(key, entry.slice(at + 1));
  }
  return vars;
}

/** What a template gives `incidents create`: each field only where the options left it out. */
export interface TemplateFill {
  name?: string;
  severity?: Severity;
  status?: IncidentStatus;
  notify?: boolean;
  message?: string;
  /** The template's services, with variables filled in (resolved by resolveTemplateServices). */
  services?: string[];
  /** Fills `{{service}}` (the first service's name) in the template's name and message. */
  finish(text: string, firstService: string | undefined): string;
}

/**
 * The template's fields with `--var` values in place. A variable the text uses that neither
 * `--var` nor `{{service}}` gives is a usage error naming it, before any request.
 */
export function fillTemplate(
  template: Template,
  vars: Map<string, string>,
  given: { name?: string; severity?: string; status?: string; notify?: boolean; message?: string; services: boolean },
): TemplateFill {
  const unknown = new Set<string>();
  const fill = (text: string, allowService: boolean) =>
    text.replace(VARIABLE, (whole, key: string) => {
      const value = vars.get(key);
      if (value !== undefined) return value;
      if (key === 'service' && allowService) return whole;
      unknown.add(key);
      return whole;
    });
  const result: TemplateFill = {
    finish: (text, firstService) =>
      text.replace(VARIABLE, (whole, key: string) => (key === 'service' && firstService !== undefined ? firstService : whole)),
  };
  if (given.name === undefined && template.name !== undefined) result.name = fill(template.name, true);
  if (given.severity === undefined && template.severity !== undefined) result.severity = template.severity;
  if (given.status === undefined && template.status !== undefined) result.status = template.status;
  if (given.notify === undefined && template.notify !== undefined) result.notify = template.notify;
  if (given.message === undefined && template.message !== undefined) result.message = fill(template.message, true);
  if (!given.services && template.services) result.services = template.services.map((service) => fill(service, false));
  if (unknown.size > 0) {
    const names = [...unknown];
    throw usageError(
      `template "${template.template}" (${template.path}) uses ${names.length === 1 ? 'a variable' : 'variables'} no --var gives: ${names.map((name) => `{{${name}}}`).join(', ')}; nothing was sent`,
      `give ${names.map((name) => `--var ${name}=VALUE`).join(' ')}`,
    );
  }
  return result;
}

/** The template's services resolved from the status pages: an unknown one is exit 2 with the closest names. */
export function resolveTemplateServices(catalog: CatalogPage[], template: Template, services: string[]): IncidentServiceRef[] {
  return resolveServices(catalog, services, '', 'nothing was sent', `template "${template.template}" service`);
}

/** What `incidents create --template NAME --var KEY=VALUE...` takes from the template, the options given winning. */
export async function templateForCreate(
  ctx: Context,
  options: {
    template?: string;
    var?: string[];
    name?: string;
    severity?: Severity;
    status?: IncidentStatus;
    notify?: boolean;
    message?: string;
    service?: string[];
    statusPage?: string;
  },
) {
  const vars = parseVars(options.var ?? []);
  if (options.template === undefined) {
    if (vars.size > 0) throw usageError("option '--var' fills a template's variables: it needs --template NAME");
    return undefined;
  }
  const template = await findTemplate(ctx, options.template);
  const filled = fillTemplate(template, vars, { ...options, services: Boolean(options.service?.length || options.statusPage) });
  const { finish, services, ...fields } = filled;
  return {
    /** The fields the options left out, from the template. */
    fields,
    /** The template's services, when the options named none. */
    services: services ? (catalog: CatalogPage[]) => resolveTemplateServices(catalog, template, services) : undefined,
    /** `{{service}}` filled in the name and message the template gave. */
    finish<T extends { name: string; message: string; services: IncidentServiceRef[] }>(answers: T): T {
      const first = answers.services[0]?.name;
      return {
        ...answers,
        ...(fields.name !== undefined ? { name: finish(answers.name, first) } : {}),
        ...(fields.message !== undefined ? { message: finish(answers.message, first) } : {}),
      };
    },
  };
}
